// The Kotlin core: the format's decoder, the expression language and (as issue 43 goes on) the
// presentation and the runtime. Pure Kotlin/JVM, so its tests run on any JVM; the flags are the ones
// scripts/test-kotlin gives the compiler (explicit API, warnings as errors, Kotlin 2.3, JVM 17).
import org.jetbrains.kotlin.gradle.dsl.JvmTarget
import org.jetbrains.kotlin.gradle.dsl.KotlinVersion

plugins {
    alias(libs.plugins.kotlin.jvm)
    alias(libs.plugins.kotlin.serialization)
}

kotlin {
    explicitApi()
    jvmToolchain(17)
    compilerOptions {
        languageVersion.set(KotlinVersion.KOTLIN_2_3)
        apiVersion.set(KotlinVersion.KOTLIN_2_3)
        jvmTarget.set(JvmTarget.JVM_17)
        allWarningsAsErrors.set(true)
        extraWarnings.set(true)
    }
}

dependencies {
    implementation(libs.kotlinx.coroutines.core)
    implementation(libs.kotlinx.serialization.json)
    testImplementation(platform(libs.junit.bom))
    testImplementation(libs.junit.jupiter)
    testRuntimeOnly(libs.junit.platform.launcher)
}

tasks.test {
    useJUnitPlatform()
    // The shared case files (Tests/Conformance, Examples) are read where they are, never copied.
    val repository = rootDir.parentFile.absolutePath
    systemProperty("screenplay.root", repository)
    systemProperty("screenplay.repository", repository)
}
