import Hummingbird

extension StudioRoutes {
    /// The audit log, for both roles:
    ///
    /// | | |
    /// |---|---|
    /// | `GET /studio/audit?actor=&target=&from=&to=&before=` | entries newest first, 50 a page; a 400 with the form when a filter is wrong |
    /// | `GET /studio/audit/ID` | one entry, its before and after as a diff |
    func addAuditRoutes<Context: RequestContext>(to router: Router<Context>) {
        router.get(RouterPath(StudioPage.Section.audit.path)) { request, context in
            try await page(request, context) {
                try await StudioAuditPages(control: control).list(StudioAuditQuery(request.uri.query), session: try signedIn(request))
            }
        }
        router.get(RouterPath(StudioPage.Section.audit.path + "/:id")) { request, context in
            try await page(request, context) {
                let session = try await signedIn(request)
                return try await StudioAuditPages(control: control).entry(context.parameters.get("id") ?? "", session: session)
            }
        }
    }
}
