import NavCollections

/// What `NavigatorContext` looks screens and flows up in by name on every route.
typealias NameTable<Value> = NavCollections.NameTable<Value>
