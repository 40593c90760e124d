import Foundation

/// The lines `scaffold` writes for a role of a module of a given size, counted by rendering the
/// built-in templates for a module of that shape: the plan's estimate of a PR that creates the
/// role is what `scaffold` then writes for it, and the two cannot drift apart.
enum ScaffoldEstimate {
    struct Shape: Hashable, Sendable {
        var inputs = 0, outputs = 0, routes = 0, services = 0
        /// SwiftUI: the tasks converting the screen's views, each listed on the new View.
        var views = 0
        /// The roles the module has once the role lands (its file refers only to these).
        var present: Set<ScaffoldRole> = []
    }

    /// The lines of the role's files.
    static func lines(_ role: ScaffoldRole, style: TargetStyle, shape: Shape) -> Int {
        let key = Key(role: role, style: style, shape: shape)
        if let hit = cache.withLock({ $0[key] }) { return hit }
        var m = module(shape, style: style)
        m.roles = [role]
        m.present = shape.present.union([role])
        let lines = renderer.render(m, testImport: nil).reduce(0) { $0 + $1.text.split(separator: "\n", omittingEmptySubsequences: false).count - 1 }
        cache.withLock { $0[key] = lines }
        return lines
    }

    /// The lines a role landing after the presenter adds to it (`PresenterWiring`).
    static func wiring(_ role: ScaffoldRole, style: TargetStyle, shape: Shape) -> Int {
        PresenterWiring.addedLines(module: module(shape, style: style), roles: [role])
    }

    private struct Key: Hashable {
        var role: ScaffoldRole, style: TargetStyle, shape: Shape
    }

    private static let cache = Locked<[Key: Int]>([:])
    // The built-in templates cannot fail to compile (a test renders every one of them).
    private static let renderer = try! ScaffoldRenderer()

    /// A module of the shape with placeholder names: one view state per output, use cases and
    /// routes without parameters (each gets a test of its forward, the most a module writes).
    private static func module(_ shape: Shape, style: TargetStyle) -> ScaffoldModule {
        var m = ScaffoldModule(prefix: "Shape", viewController: "ShapeViewController", style: style, folder: "", testFolder: "Tests/", swiftTesting: false)
        m.inputs = (0..<shape.inputs).map {
            ScaffoldModule.UseCase(name: "useCase\($0)()", declaration: "useCase\($0)()", call: "useCase\($0)()", result: nil,
                                   outputName: "didUseCase\($0)", tasks: "I1")
        }
        m.outputs = (0..<shape.outputs).map {
            ScaffoldModule.Display(name: "displayPart\($0)", state: "ShapePart\($0)ViewState", property: "part\($0)", tasks: "P1")
        }
        m.routes = (0..<shape.routes).map {
            ScaffoldModule.Route(name: "showRoute\($0)()", declaration: "showRoute\($0)()", call: "showRoute\($0)()", caseName: "route\($0)", detail: "A destination.")
        }
        m.viewTasks = (0..<shape.views).map { "V\($0 + 1): a section of the screen" }
        m.services = (0..<shape.services).map {
            ScaffoldModule.Service(property: "service\($0)", type: "Service\($0)", value: "Service\($0)()", pendingProtocol: nil)
        }
        return m
    }
}

/// A value behind a lock: the estimate cache is shared by the threads that plan features.
final class Locked<Value>: @unchecked Sendable {
    private var value: Value
    private let lock = NSLock()
    init(_ value: Value) { self.value = value }
    func withLock<T>(_ body: (inout Value) -> T) -> T {
        lock.lock()
        defer { lock.unlock() }
        return body(&value)
    }
}
