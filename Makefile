# Tak for the web. `make serve` builds and serves the game; `make test` runs every test.
# Both install what is missing first: the Rust wasm target, the wasm-bindgen-cli that matches
# Cargo.lock and the npm packages; for the tests also wasm-pack and Chromium.

SHELL := /bin/bash
PORT ?= 8000
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)
WASM_BINDGEN_VERSION := $(shell awk '/^name = "wasm-bindgen"$$/ { getline; gsub(/"/, "", $$3); print $$3; exit }' Cargo.lock)
export PATH := $(HOME)/.cargo/bin:$(CURDIR)/node_modules/.bin:$(PATH)

.PHONY: serve test build dist tools tools-test test-native test-types test-wasm test-e2e bench clean lighthouse

# What is served is dist/, as GitHub Pages serves it: the page's every link answers (the
# one-file tak.html of "Download for offline play" too), and scripts/serve.py lets other
# sites load a <tak-board> element from here (CORS), as GitHub Pages does.
serve: dist
	@echo "Tak is served at http://localhost:$(PORT)/  (Ctrl-C to stop)"
	@/usr/bin/python3 scripts/serve.py $(PORT) dist

test: tools-test test-native test-types test-wasm test-e2e

# What building needs. wasm-pack (minutes to compile from source) only runs the wasm tests:
# it is installed by tools-test.
tools:
	@rustup target list --installed | grep -qx wasm32-unknown-unknown || rustup target add wasm32-unknown-unknown
	@wasm-bindgen --version 2>/dev/null | grep -qF "$(WASM_BINDGEN_VERSION)" || cargo install wasm-bindgen-cli --version "$(WASM_BINDGEN_VERSION)"
	@[ -x node_modules/.bin/wasm-opt ] && [ -x node_modules/.bin/esbuild ] && [ -d node_modules/playwright-core ] && [ -d node_modules/axe-core ] && [ -d node_modules/workbox-build ] && [ -d node_modules/workbox-window ] && [ -d node_modules/qrcode-generator ] && [ -d node_modules/linkedom ] || npm ci --no-audit --no-fund

tools-test: tools
	@[ -x node_modules/.bin/tsc ] || npm ci --no-audit --no-fund
	@command -v wasm-pack >/dev/null || cargo install --locked wasm-pack
	@command -v chromium >/dev/null && command -v chromedriver >/dev/null || \
		{ $(SUDO) apt-get update && $(SUDO) apt-get install -y --no-install-recommends chromium chromium-driver; }

# Three wasm builds of the one crate: the page's first visit (pkg/tak*: rules, board,
# renderer, play; small), the page's study build (pkg/tak_study*: the same and games read
# from text, comments, reviews, marks, matches, images; loaded when first wanted) and the
# worker's (pkg/tak_engine*: the computer, analysis, review; fast).
WASM_OPT_FLAGS := --enable-bulk-memory --enable-nontrapping-float-to-int --enable-sign-ext --enable-mutable-globals --enable-reference-types --enable-multivalue
WASM_OUT := target/wasm32-unknown-unknown
# The page's builds, small: to a fixed point, without the producers and target-features
# sections (read by no browser), and with the low 1 KiB of memory known unused (Rust's
# stack ends there), which lets addresses fold into the loads' offsets. A function called
# from one place is inlined there only when small (20 instructions): inlining the large ones
# duplicated their glue and compressed worse (play wasm -2.0 KB gzipped, measured).
WASM_OPT_SMALL := -Oz --converge --low-memory-unused --strip-producers --strip-target-features --one-caller-inline-max-function-size=20

build: tools
	cargo build --lib --target wasm32-unknown-unknown --profile wasm-board --no-default-features --features board
	cargo build --lib --target wasm32-unknown-unknown --profile wasm-study --no-default-features --features study
	cargo build --lib --target wasm32-unknown-unknown --profile wasm-engine --no-default-features --features engine
	mkdir -p pkg
	wasm-bindgen --target web --out-dir pkg --out-name tak $(WASM_OUT)/wasm-board/tak.wasm
	wasm-bindgen --target web --out-dir pkg --out-name tak_study $(WASM_OUT)/wasm-study/tak.wasm
	wasm-bindgen --target web --out-dir pkg --out-name tak_engine $(WASM_OUT)/wasm-engine/tak.wasm
	wasm-opt $(WASM_OPT_SMALL) $(WASM_OPT_FLAGS) pkg/tak_bg.wasm -o pkg/tak_bg.wasm
	wasm-opt $(WASM_OPT_SMALL) $(WASM_OPT_FLAGS) pkg/tak_study_bg.wasm -o pkg/tak_study_bg.wasm
	wasm-opt -O3 $(WASM_OPT_FLAGS) pkg/tak_engine_bg.wasm -o pkg/tak_engine_bg.wasm

test-native:
	cargo test --release

# The JS at the boundary with the wasm, checked against the declarations wasm-bindgen writes
# (pkg/*.d.ts, with the status's fields: web/status.rs) with JSDoc types and no build step
# for the page: a method, argument or field the wasm does not have fails here (tsconfig.json:
# the page's scripts, www/globals.d.ts what they put on `window`; tsconfig.worker.json: the
# engine's worker and the service worker, with the workers' globals).
test-types: build
	tsc -p tsconfig.json
	tsc -p tsconfig.worker.json

test-wasm: tools-test
	wasm-pack test --headless --chrome --mode no-install -- --test wasm

test-e2e: dist tools-test
	@# A test that hangs fails after 5 minutes; a browser left open by a failed test cannot keep
	@# the run from ending (CI stops at 90 minutes and then reports nothing).
	node --test --test-concurrency=1 --test-timeout=300000 --test-force-exit tests/e2e/

bench: dist tools-test
	cargo bench --bench perft
	cargo run --release --quiet --bin tak -- bench --nodes 300000
	node tests/e2e/bench.mjs
	node tests/e2e/bench-library.mjs

clean:
	cargo clean
	rm -rf pkg dist

# A self-contained folder of static files with relative paths only: works from any sub-path
# (GitHub Pages) and, where the browser allows, from file://. The service worker
# (www/service-worker.js, bundled with Workbox) caches every file with its revision, and a
# new release waits for the reader's Reload while the old one stays served.
dist: build
	node scripts/dist.mjs
	node scripts/dist-sw.mjs www/service-worker.js dist
	touch dist/.nojekyll
	@echo "dist/ is ready: $$(du -sh dist | cut -f1)"

# Lighthouse 12 (npm, fetched by npx when missing) on dist/ served with gzip as GitHub Pages
# serves it, mobile preset, in Debian's Chromium; prints the four scores (targets: performance
# 98, the others 100) and leaves the full report in target/lighthouse.report.html. Not part of `make
# test`: it downloads Lighthouse and its scores move with the machine's load.
LIGHTHOUSE_PORT ?= 8765
lighthouse: dist tools-test
	@node scripts/serve-gzip.mjs dist $(LIGHTHOUSE_PORT) & server=$$!; trap "kill $$server" EXIT; sleep 1; \
	CHROME_PATH=/usr/bin/chromium npx --yes lighthouse@12.2.3 http://127.0.0.1:$(LIGHTHOUSE_PORT)/index.html \
		--chrome-flags="--headless=new --no-sandbox" --quiet --output=json --output=html \
		--output-path=target/lighthouse && \
	node -e 'const r = require("./target/lighthouse.report.json"); for (const [k, c] of Object.entries(r.categories)) console.log(`$${c.title}: $${Math.round(c.score * 100)}`); for (const a of Object.values(r.audits)) if (a.score !== null && a.score < 1 && a.scoreDisplayMode === "binary") console.log(`  failed: $${a.id} ($${a.title})`)'
