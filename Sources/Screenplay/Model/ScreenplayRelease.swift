/// The version of this package, as a release is tagged and a user depends on it
/// (`.package(url: …, from: "0.19.0")`); `screenplay --version` prints it. CHANGELOG.md says
/// what each release brought. This is the one place the number is written: a release changes it
/// with its CHANGELOG.md section (a test holds `--version` to the CHANGELOG's newest release).
public enum ScreenplayRelease {
    public static let version = "0.19.0"
}
