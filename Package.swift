// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "viper-planner",
    platforms: [.macOS(.v13)],
    products: [
        .executable(name: "viper-planner", targets: ["viper-planner"]),
        .library(name: "ViperPlannerKit", targets: ["ViperPlannerKit"]),
        // `swift package viper-planner audit|plan|update|status`, and the same command in Xcode.
        .plugin(name: "ViperPlannerPlugin", targets: ["ViperPlannerPlugin"]),
        // Findings as build warnings, for the targets that list it (none does by default).
        .plugin(name: "ViperPlannerBuildToolPlugin", targets: ["ViperPlannerBuildToolPlugin"]),
    ],
    dependencies: [
        .package(url: "https://github.com/swiftlang/swift-syntax.git", from: "603.0.0"),
        .package(url: "https://github.com/apple/swift-argument-parser.git", from: "1.5.0"),
        .package(url: "https://github.com/jpsim/Yams.git", from: "6.0.0"),
        .package(url: "https://github.com/hummingbird-project/swift-mustache.git", from: "2.1.0"),
    ],
    targets: [
        .target(
            name: "ViperPlannerKit",
            dependencies: [
                .product(name: "SwiftSyntax", package: "swift-syntax"),
                .product(name: "SwiftParser", package: "swift-syntax"),
                .product(name: "Yams", package: "Yams"),
                .product(name: "Mustache", package: "swift-mustache"),
            ],
            // The built-in templates, compiled into the binary: the installed tool stays one file.
            resources: ["readme", "feature", "cross-cutting", "discovered", "pr-slice", "task"]
                .map { .embedInCode("PlanFormat/Templates/\($0).md") }
                // The module files `scaffold` writes.
                + ["interactor", "presenter", "router", "module", "service", "interactor-tests", "presenter-tests", "module-tests"]
                .map { .embedInCode("Scaffolding/Templates/uikit-\($0).mustache") }
                + ["view", "view-state", "presenter", "interactor", "router", "module", "service", "interactor-tests", "presenter-tests", "module-tests"]
                .map { .embedInCode("Scaffolding/Templates/swiftui-\($0).mustache") }
        ),
        .executableTarget(
            name: "viper-planner",
            dependencies: [
                "ViperPlannerKit",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        .plugin(
            name: "ViperPlannerPlugin",
            capability: .command(
                intent: .custom(verb: "viper-planner",
                                description: "Audit the package's view controllers, or write and update its refactoring/ plan.")
                // No permission declared: SwiftPM would then demand it for `audit` and `status`
                // too, which write nothing. `plan` and `update` ask for it when they run, and
                // `--allow-writing-to-package-directory` grants it.
            ),
            dependencies: ["viper-planner"]
        ),
        .plugin(
            name: "ViperPlannerBuildToolPlugin",
            capability: .buildTool(),
            dependencies: ["viper-planner"]
        ),
        .testTarget(
            name: "ViperPlannerKitTests",
            dependencies: [
                "ViperPlannerKit",
                .product(name: "SwiftSyntax", package: "swift-syntax"),
                .product(name: "SwiftParser", package: "swift-syntax"),
            ],
            exclude: ["Goldens"]
        ),
    ],
    swiftLanguageModes: [.v6]
)
