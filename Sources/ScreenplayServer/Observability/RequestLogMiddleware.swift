import Hummingbird
import Logging

/// One structured log line per request: method, path, status and duration.
///
/// ```swift
/// router.add(middleware: RequestLogMiddleware())
/// // info: request method=GET path=/screens/requests status=200 duration_ms=3.41
/// ```
public struct RequestLogMiddleware<Context: RequestContext>: RouterMiddleware {
    public init() {}

    public func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        let start = ContinuousClock.now
        func log(_ status: Int) {
            let elapsed = ContinuousClock.now - start
            let milliseconds = Double(elapsed.components.seconds) * 1_000 + Double(elapsed.components.attoseconds) / 1e15
            context.logger.info(
                "request",
                metadata: [
                    "method": "\(request.method)", "path": "\(request.uri.path)", "status": "\(status)",
                    "duration_ms": "\((milliseconds * 100).rounded() / 100)",
                ])
        }
        do {
            let response = try await next(request, context)
            log(response.status.code)
            return response
        } catch let error as any HTTPResponseError {
            log(error.status.code)
            throw error
        } catch {
            log(500)
            throw error
        }
    }
}
