PREFIX ?= /usr/local

.PHONY: build install test goldens

build:
	swift build -c release

install: build
	install -d "$(PREFIX)/bin"
	install -m 0755 .build/release/viper-planner "$(PREFIX)/bin/viper-planner"

test:
	swift test

# Regenerate the golden outputs after a deliberate change; review them with `git diff Tests/`.
goldens:
	VIPER_PLANNER_UPDATE_GOLDENS=1 swift test --filter 'SampleGoldenTests|PlanningGoldenTests|UpdateGoldenTests'
