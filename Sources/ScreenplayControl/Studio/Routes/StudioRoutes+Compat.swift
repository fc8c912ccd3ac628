import Hummingbird

extension StudioRoutes {
    /// The compatibility page, for both roles: `GET /studio/compat`.
    func addCompatRoutes<Context: RequestContext>(to router: Router<Context>) {
        router.get(RouterPath(StudioPage.Section.compat.path)) { request, context in
            try await page(request, context) { try await StudioCompatPages(control: control).page(session: try signedIn(request)) }
        }
    }
}
