public import Hummingbird

/// Applies `AccessPolicy` to every request before any route (an unknown path too): a refused
/// request gets 403 with the reason as text; a token that came in the URL is answered with the
/// cookie that carries it from then on (HttpOnly, SameSite=Strict, the whole site).
public struct AccessMiddleware<Context: RequestContext>: RouterMiddleware {
    public let policy: AccessPolicy

    public init(policy: AccessPolicy) {
        self.policy = policy
    }

    public func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        let decision = policy.decide(
            host: request.head.authority,
            origin: request.headers[.origin],
            queryToken: request.uri.queryParameters["token"].map(String.init),
            cookieToken: request.cookies[policy.cookieName]?.value)
        switch decision {
        case .deny(let reason):
            return WebResponse.text(reason + "\n", status: .forbidden)
        case .allow(let setCookie):
            var response = try await next(request, context)
            if setCookie {
                response.setCookie(Cookie(name: policy.cookieName, value: policy.token, path: "/", httpOnly: true, sameSite: .strict))
            }
            return response
        }
    }
}
