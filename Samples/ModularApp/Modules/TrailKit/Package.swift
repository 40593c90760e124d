// swift-tools-version:5.7
import PackageDescription

let package = Package(
    name: "TrailKit",
    platforms: [.iOS(.v15)],
    products: [.library(name: "TrailKit", targets: ["TrailKit"])],
    targets: [.target(name: "TrailKit")]
)
