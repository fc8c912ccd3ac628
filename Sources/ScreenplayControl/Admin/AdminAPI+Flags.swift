import Foundation
import Hummingbird
import Screenplay
import ScreenplayProtocol
import ScreenplayServer

/// The `/admin/flags` routes and `/admin/features`: feature flags kept, changed and switched off
/// as experiments are, and the flags in force as GrowthBook's features payload.
extension AdminAPI {
    func addFlagRoutes<Context: RequestContext>(to router: Router<Context>) {
        func route(_ path: AdminPath) -> RouterPath { RouterPath(path.pattern) }
        router.getWithHead(route(.flags)) { request, context in
            try await authorize(request, context, .read)
            var list = JSONMembers<StoredFlag.ListKey>()
            list[.flags] = .array(try await control.flags().map(\.document))
            return Self.json(list.json)
        }
        router.getWithHead(route(.flag)) { request, context in
            try await authorize(request, context, .read)
            let key = try Self.parameter(.name, context)
            guard let stored = try await control.storedFlag(key) else { throw ControlPlane.noSuchFlag(key) }
            return Self.json(stored.document, etag: stored.revision)
        }
        router.put(route(.flag)) { request, context in
            let holder = try await authorize(request, context, .admin)
            let key = try Self.parameter(.name, context)
            let body = try await request.collectedBody(upTo: ControlPlane.maxAdminBytes)
            guard case .object(var members)? = try? JSONParser.parse(body) else {
                throw ScreenplayError.invalid(code: "invalidFlag", "the flag", [.error(at: .root, "the body is not a JSON object")])
            }
            // What the API adds when it answers is accepted back as it was given.
            for added in StoredFlag.Key.allCases { members[added] = nil }
            let result = FlagDefinition.decode(from: .object(members), key: key)
            guard let flag = result.value else { throw ScreenplayError.invalid(code: "invalidFlag", "the flag", result.diagnostics) }
            let dryRun = Self.isDryRun(request)
            let stored = try await control.save(flag: flag, by: holder.name, ifRevision: try Self.ifMatch(request), dryRun: dryRun)
            return Self.json(
                stored.document, status: dryRun ? .ok : (stored.revision == 1 ? .created : .ok), etag: dryRun ? nil : stored.revision)
        }
        router.delete(route(.flag)) { request, context in
            let holder = try await authorize(request, context, .admin)
            try await control.deleteFlag(try Self.parameter(.name, context), by: holder.name, ifRevision: try Self.ifMatch(request))
            return Response(status: .noContent, headers: [.cacheControl: "no-store"])
        }
        for method in [HTTPRequest.Method.post, .delete] {
            router.on(route(.flagSwitchedOff), method: method) { request, context in
                let holder = try await authorize(request, context, .admin)
                let key = try Self.parameter(.name, context)
                let part = try await Self.killSwitch(in: request)
                let stored =
                    method == .post
                    ? try await control.switchOff(flag: key, for: part, by: holder.name)
                    : try await control.switchOn(flag: key, for: part, by: holder.name)
                return Self.json(stored.document, etag: stored.revision)
            }
        }
        router.getWithHead(route(.features)) { request, context in
            try await authorize(request, context, .read)
            return Self.json(try await control.flagsPayload(forGrowthBookSDKs: true))
        }
    }
}
