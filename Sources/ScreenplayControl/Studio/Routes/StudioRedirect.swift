/// A page that needs a session, reached without one: the sign-in form instead.
struct StudioRedirect: Error {
    let location: String
}
