# Homebrew formula. Current Homebrew installs formulae from taps only (it refuses a local path),
# and this repository is one: `brew tap OWNER/viper-planner <its git URL>`, then
# `brew install OWNER/viper-planner/viper-planner`. Built from the tagged source; `make install`
# puts the binary, man page and completions under Homebrew's prefix. Bump `tag` (and `version`)
# with each release.
class ViperPlanner < Formula
  desc "Find the god view controllers of a UIKit codebase and plan their move to VIPER"
  homepage "https://github.com/viper-planner/viper-planner"
  url "https://github.com/viper-planner/viper-planner.git", tag: "v0.1.0"
  version "0.1.0"
  head "https://github.com/viper-planner/viper-planner.git", branch: "main"

  depends_on xcode: ["16.0", :build]
  depends_on macos: :ventura
  uses_from_macos "swift" => :build

  def install
    # Homebrew already sandboxes the build; SwiftPM's own sandbox cannot nest inside it.
    system "make", "install", "PREFIX=#{prefix}", "SWIFT_FLAGS=--disable-sandbox"
  end

  test do
    (testpath/"App/FeedViewController.swift").write <<~SWIFT
      import UIKit
      final class FeedViewController: UIViewController {
          func load() { URLSession.shared.dataTask(with: URL(string: "https://example.com")!) { _, _, _ in }.resume() }
      }
    SWIFT
    assert_match "vc-networking", shell_output("#{bin}/viper-planner audit #{testpath} --format xcode --no-cache")
    assert_match "viper-planner", shell_output("#{bin}/viper-planner --generate-completion-script zsh")
  end
end
