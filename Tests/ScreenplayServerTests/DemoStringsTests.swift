import Testing

@testable import ScreenplayDemo

struct DemoStringsTests {
    @Test func placeholdersAreFilledInOnePass() {
        let strings = Strings("en")
        #expect(strings("checkout.step", "2", "3") == "Step 2 of 3")
        // An argument that looks like a placeholder is text, not a second substitution.
        #expect(strings("checkout.step", "%2$@", "3") == "Step %2$@ of 3")
        #expect(strings("cities.none", "Pa%@ris") == "No city matches “Pa%@ris”.")
        // Too few arguments leave the placeholder; a lone % is kept.
        #expect(strings("checkout.step", "2") == "Step 2 of %2$@")
        #expect(Strings("fr")("pay.button", "12 %") == "Payer 12 %")
    }
}
