import NavigationCore

/// The apps the model-based tests run on besides `AppDefinition.sample`: built by hand with the
/// definition initializers.

/// A shop shaped differently from the sample: a root *stack* flow, flows that embed (pushed)
/// and nest (an embedded flow's screens push further flows), a `modalWithNavigation` screen, a
/// `single` container to fall back from, a presented tabs flow of stack flows, custom
/// transitions of every base, a `"*"` screen and per-edge transition overrides.
func handBuiltShopApp() -> AppDefinition {
    typealias Edge = RouteRules.Edge
    func routes(_ edges: Edge...) -> RouteRules { RouteRules(edges: edges) }
    func to(_ name: String, _ transition: String? = nil) -> Edge { Edge(to: name, transition: transition) }
    return AppDefinition(
        app: "shop", schemes: ["shop"], root: "shop",
        flows: [
            FlowDefinition(name: "shop", kind: .stack(root: "home")),
            // Embedded by default: a custom push.
            FlowDefinition(name: "catalog", kind: .stack(root: "categoryList"), transition: "slide"),
            FlowDefinition(name: "product", kind: .stack(root: "productDetail"), transition: "push"),
            FlowDefinition(name: "reviews", kind: .stack(root: "reviewList"), transition: "push"),
            // Presented with its own stack by a custom modalWithNavigation.
            FlowDefinition(name: "checkout", kind: .stack(root: "cartReview"), transition: "card"),
            // A presented tabs flow whose tabs are stack flows.
            FlowDefinition(name: "account", kind: .tabs(tabs: ["orders", "wishlist"], initialTab: "wishlist")),
            FlowDefinition(name: "orders", kind: .stack(root: "orderList")),
            FlowDefinition(name: "wishlist", kind: .stack(root: "wishList")),
        ],
        screens: [
            ScreenDefinition(
                name: "home",
                routes: routes(
                    to("catalog"), to("search", "modal"), to("cart", "cover"), to("account", "card"),
                    to("debugMenu"), to("quickView"), to("product"))),
            ScreenDefinition(
                name: "search",
                params: [
                    ParamDefinition(name: "query", type: .string, optional: true),
                    ParamDefinition(name: "page", type: .int, optional: true, defaultValue: 1),
                ],
                routes: routes(to("product", "modal"), to("search"), to("quickView"), to("catalog"))),
            ScreenDefinition(
                name: "categoryList",
                params: [
                    ParamDefinition(
                        name: "category", type: .enumeration(["books", "games", "music"]), optional: true,
                        defaultValue: "books")
                ],
                routes: routes(to("product"), to("categoryList", "slide"), to("search"), to("cart"), to("catalog"))),
            ScreenDefinition(
                name: "productDetail",
                params: [
                    ParamDefinition(name: "sku", type: .string),
                    ParamDefinition(name: "price", type: .double, optional: true),
                ],
                routes: routes(
                    to("reviews"), to("product"), to("cart"), to("quickView"), to("productDetail", "slide"),
                    to("account"))),
            ScreenDefinition(
                name: "reviewList",
                params: [ParamDefinition(name: "sku", type: .string), ParamDefinition(name: "stars", type: .int, optional: true)],
                routes: routes(to("reviewDetail"), to("product"), to("reviews"), to("debugMenu"))),
            ScreenDefinition(
                name: "reviewDetail", params: [ParamDefinition(name: "reviewId", type: .int)],
                routes: routes(to("reviewList"), to("quickView", "sheetish"))),
            ScreenDefinition(
                name: "quickView", params: [ParamDefinition(name: "sku", type: .string)],
                routes: routes(to("productDetail"), to("product"), to("cart"), to("reviews"), to("catalog", "push")),
                transition: "modal"),
            ScreenDefinition(
                name: "cart", routes: routes(to("checkout"), to("productDetail"), to("quickView"), to("cart")),
                transition: "modalWithNavigation"),
            ScreenDefinition(
                name: "cartReview", params: [ParamDefinition(name: "coupon", type: .string, optional: true)],
                routes: routes(to("payment"), to("product"))),
            ScreenDefinition(
                name: "payment",
                params: [
                    ParamDefinition(name: "method", type: .enumeration(["card", "paypal"])),
                    ParamDefinition(name: "saveCard", type: .bool, optional: true, defaultValue: false),
                ],
                routes: routes(to("confirmation"), to("account"))),
            ScreenDefinition(name: "confirmation", routes: routes(to("home"), to("debugMenu")), transition: "cover"),
            ScreenDefinition(
                name: "orderList", routes: routes(to("orderDetail"), to("product"), to("wishList"), to("account"))),
            ScreenDefinition(
                name: "orderDetail", params: [ParamDefinition(name: "orderId", type: .int)],
                routes: routes(to("product"), to("reviews", "modalWithNavigation"), to("orderDetail"))),
            ScreenDefinition(
                name: "wishList", routes: routes(to("product"), to("quickView", "card"), to("orderList"), to("catalog"))),
            ScreenDefinition(name: "debugMenu", routes: RouteRules(allowsAny: true), transition: "modal"),
        ],
        transitions: [
            TransitionDefinition(name: "slide", base: .push, animator: "slide"),
            TransitionDefinition(name: "cover", base: .modal, animator: "cover"),
            TransitionDefinition(name: "card", base: .modalWithNavigation, animator: "card"),
            TransitionDefinition(name: "sheetish", base: .modal, animator: "sheet"),
        ])
}
