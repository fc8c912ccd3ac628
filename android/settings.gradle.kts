// Screenplay's Android client: a Gradle project (Kotlin DSL, the version catalog in
// gradle/libs.versions.toml). `core` is pure Kotlin/JVM (no android.* import), so the same sources
// build here with Gradle and in the repository's scripts/test-kotlin with the Kotlin compiler alone.
// The Compose renderer and the demo app join as `:compose` and `:app` (issue 44).
pluginManagement {
    repositories {
        google()
        mavenCentral()
        gradlePluginPortal()
    }
}

dependencyResolutionManagement {
    repositoriesMode.set(RepositoriesMode.FAIL_ON_PROJECT_REPOS)
    repositories {
        google()
        mavenCentral()
    }
}

rootProject.name = "screenplay-android"
include(":core")
