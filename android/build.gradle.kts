// Plugins are declared here once, with their versions from the catalog, and applied by each module.
plugins {
    alias(libs.plugins.kotlin.jvm) apply false
    alias(libs.plugins.kotlin.serialization) apply false
}
