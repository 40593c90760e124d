import SwiftSyntax

/// What a written type is made of, for questions like "is this value Sendable?" and "does this
/// property hold an `AnyCancellable`?": the nominal types in it, containers included, and whether
/// it holds a closure type that is not `@Sendable`.
struct TypeShape: Equatable {
    var components: [String] = []
    var hasPlainClosure = false

    mutating func add(_ name: String) { if !components.contains(name) { components.append(name) } }
    mutating func merge(_ other: TypeShape) {
        for name in other.components { add(name) }
        hasPlainClosure = hasPlainClosure || other.hasPlainClosure
    }

    /// `[String: [Order]]` → String, Order; `Set<AnyCancellable>` → Set, AnyCancellable;
    /// `() -> Void` → a plain closure; `@Sendable () -> Void` and `@MainActor () -> Void` → nothing.
    init(_ type: TypeSyntax) { self = Self.shape(of: type) }

    private static func shape(of type: TypeSyntax) -> TypeShape {
        var shape = TypeShape()
        shape.read(type)
        return shape
    }

    private mutating func read(_ type: TypeSyntax) {
        if let opt = type.as(OptionalTypeSyntax.self) { read(opt.wrappedType); return }
        if let iuo = type.as(ImplicitlyUnwrappedOptionalTypeSyntax.self) { read(iuo.wrappedType); return }
        if let attributed = type.as(AttributedTypeSyntax.self) {
            let names = attributed.attributes.compactMap { $0.as(AttributeSyntax.self)?.attributeName.trimmedText }
            // A `@Sendable` or global-actor-isolated closure is Sendable whatever it takes.
            if names.contains(where: { $0 == "Sendable" || $0.hasSuffix("Actor") }) { return }
            read(attributed.baseType); return
        }
        if type.is(FunctionTypeSyntax.self) { hasPlainClosure = true; return }
        if let array = type.as(ArrayTypeSyntax.self) { read(array.element); return }
        if let dictionary = type.as(DictionaryTypeSyntax.self) {
            read(dictionary.key); merge(TypeShape(dictionary.value)); return
        }
        if let tuple = type.as(TupleTypeSyntax.self) {
            for element in tuple.elements { merge(TypeShape(element.type)) }
            return
        }
        if let some = type.as(SomeOrAnyTypeSyntax.self) { read(some.constraint); return }
        if let composition = type.as(CompositionTypeSyntax.self) {
            for element in composition.elements { merge(TypeShape(element.type)) }
            return
        }
        if type.is(MetatypeTypeSyntax.self) { return }
        add(normalizedTypeName(type))
        let arguments = type.as(IdentifierTypeSyntax.self)?.genericArgumentClause?.arguments
            ?? type.as(MemberTypeSyntax.self)?.genericArgumentClause?.arguments
        for argument in arguments ?? [] {
            if let argumentType = argument.argument.as(TypeSyntax.self) { merge(TypeShape(argumentType)) }
        }
    }

    init() {}

    /// The shape of an initial value when no type is written: `FeatureViewState()` → FeatureViewState,
    /// `Set<AnyCancellable>()` → Set, AnyCancellable, `[Order]()` → Order, `{ … }` → a plain closure.
    init(initializer value: ExprSyntax) {
        self.init()
        if value.is(ClosureExprSyntax.self) { hasPlainClosure = true; return }
        guard let call = value.as(FunctionCallExprSyntax.self) else { return }
        let called = call.calledExpression
        if let ref = called.as(DeclReferenceExprSyntax.self), isTypeLikeName(ref.baseName.plainText) {
            add(ref.baseName.plainText)
        } else if let generic = called.as(GenericSpecializationExprSyntax.self),
                  let ref = generic.expression.as(DeclReferenceExprSyntax.self), isTypeLikeName(ref.baseName.plainText) {
            add(ref.baseName.plainText)
            for argument in generic.genericArgumentClause.arguments {
                if let argumentType = argument.argument.as(TypeSyntax.self) { merge(TypeShape(argumentType)) }
            }
        } else if let array = called.as(ArrayExprSyntax.self), array.elements.count == 1,
                  let ref = array.elements.first?.expression.as(DeclReferenceExprSyntax.self), isTypeLikeName(ref.baseName.plainText) {
            add(ref.baseName.plainText)
        }
    }
}
