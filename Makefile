PREFIX ?= /usr/local
# release to install or ship; CI runs the same recipes on its debug build (CONFIG=debug).
CONFIG ?= release
# Extra options for swift, e.g. --disable-sandbox where a sandbox is already around the build (Homebrew).
SWIFT_FLAGS ?=

BIN_DIR = $(shell swift build -c $(CONFIG) $(SWIFT_FLAGS) --show-bin-path)
VERSION = $(shell sed -n 's/.*static let version = "\(.*\)"/\1/p' Sources/ViperPlannerKit/Reporting/ReportModel.swift)
PLATFORM = $(shell uname -s | tr '[:upper:]' '[:lower:]')-$(shell uname -m)
# Committed, so that installing does not build the whole package a second time (the plugin builds
# every product, the plugins' copy of the tool included); CI checks it is current.
MAN_PAGE = man/viper-planner.1
COMPLETIONS = .build/completions
DIST = .build/dist
NAME = viper-planner-$(VERSION)-$(PLATFORM)

.PHONY: build man completions install release test goldens

# Only the tool's product: a plain `swift build` also builds the copy the plugins run.
build:
	swift build -c $(CONFIG) $(SWIFT_FLAGS) --product viper-planner

# Regenerate man/viper-planner.1 with argument-parser's generate-manual plugin (it reads the built
# tool's help) after changing an option; any build configuration gives the same page.
man:
	swift package $(SWIFT_FLAGS) plugin generate-manual --configuration $(CONFIG)
	mkdir -p man
	cp .build/plugins/GenerateManual/outputs/viper-planner/viper-planner.1 $(MAN_PAGE)

# Shell completions, from argument-parser's --generate-completion-script.
completions: build
	mkdir -p $(COMPLETIONS)
	"$(BIN_DIR)/viper-planner" --generate-completion-script bash > $(COMPLETIONS)/viper-planner.bash
	"$(BIN_DIR)/viper-planner" --generate-completion-script zsh > $(COMPLETIONS)/_viper-planner
	"$(BIN_DIR)/viper-planner" --generate-completion-script fish > $(COMPLETIONS)/viper-planner.fish

# The binary (no resource files beside it), its man page and completions under PREFIX.
install: build completions
	install -d "$(PREFIX)/bin" "$(PREFIX)/share/man/man1" "$(PREFIX)/share/bash-completion/completions" \
		"$(PREFIX)/share/zsh/site-functions" "$(PREFIX)/share/fish/vendor_completions.d"
	install -m 0755 "$(BIN_DIR)/viper-planner" "$(PREFIX)/bin/viper-planner"
	install -m 0644 $(MAN_PAGE) "$(PREFIX)/share/man/man1/viper-planner.1"
	install -m 0644 $(COMPLETIONS)/viper-planner.bash "$(PREFIX)/share/bash-completion/completions/viper-planner"
	install -m 0644 $(COMPLETIONS)/_viper-planner "$(PREFIX)/share/zsh/site-functions/_viper-planner"
	install -m 0644 $(COMPLETIONS)/viper-planner.fish "$(PREFIX)/share/fish/vendor_completions.d/viper-planner.fish"

# .build/dist/viper-planner-VERSION-OS-ARCH.tar.gz: the install tree (bin/, share/), README with
# the docs/ it links, and LICENSE when the repository has one; unpack it into a prefix.
release: build completions
	rm -rf "$(DIST)/$(NAME)"
	$(MAKE) install PREFIX="$(CURDIR)/$(DIST)/$(NAME)" CONFIG=$(CONFIG) SWIFT_FLAGS="$(SWIFT_FLAGS)"
	cp README.md "$(DIST)/$(NAME)/"
	cp -R docs "$(DIST)/$(NAME)/"
	if [ -f LICENSE ]; then cp LICENSE "$(DIST)/$(NAME)/"; fi
	tar -C "$(DIST)" -czf "$(DIST)/$(NAME).tar.gz" "$(NAME)"
	@echo "$(DIST)/$(NAME).tar.gz"

test:
	swift test

# Regenerate the golden outputs after a deliberate change; review them with `git diff Tests/`.
goldens:
	VIPER_PLANNER_UPDATE_GOLDENS=1 swift test --filter 'SampleGoldenTests|PlanningGoldenTests|UpdateGoldenTests|ApplyCommandTests|ScaffoldCommandTests'
