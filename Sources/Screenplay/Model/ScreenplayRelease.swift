/// The version of this package, as a release is tagged and a user depends on it
/// (`.package(url: …, from: "0.16.0")`); `screenplay --version` prints it. CHANGELOG.md says
/// what each release brought.
public enum ScreenplayRelease {
    public static let version = "0.17.0"
}
