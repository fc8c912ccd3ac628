import ScreenplayDSL

/// A product page that thinks on the device: a cart counter that changes with no request, tabs
/// switched by a variable, a total computed by an expression, a button enabled by a condition.
func productScreen() -> Screen {
    let cartCount = Variable<Int>("cartCount", initial: 0)
    let price = Variable<Double>("price", initial: 24.5)
    let tab = Variable<String>("tab", initial: "tab.details")
    return Screen(
        id: "product", title: "Trail shoes",
        variables: [
            cartCount.declaration(), price.declaration(), tab.declaration(),
            Variable<String>("currency").declaration(initial: "EUR", scope: .app),
        ],
        intents: "/screens/product/intents"
    ) {
        VStack(alignment: .leading, spacing: 12) {
            HStack {
                Text("Trail shoes").font(size: 24, weight: .bold)
                Spacer()
                Badge("0").bind("text", to: cartCount).visible(when: cartCount > 0).id("cart-badge")
            }
            Text("\(price.toString()) €").id("price")
            HStack(spacing: 8) {
                Button("Details", variant: .secondary, action: .setState("tab", "tab.details"))
                Button("Reviews", variant: .secondary, action: .setState("tab", "tab.reviews"))
            }
            StateSwitch(variable: tab.name) {
                Text("Light, with a grippy sole for wet rock.").id("tab.details")
                VStack(alignment: .leading) {
                    Text("“Best shoes I have owned.”")
                    Text("“Run small: take a size up.”")
                }
                .id("tab.reviews")
            }
            Text("Total: \((cartCount.toNumber() * price).toString())").visible(when: cartCount > 0).id("total")
            Button("Add to cart", action: .set(cartCount, to: cartCount + 1)).id("add")
            Button("Check out", action: .intent("checkout")).bind("enabled", to: cartCount > 0).id("checkout")
        }
        .padding(16)
    }
}
