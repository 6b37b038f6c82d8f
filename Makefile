# mini-Dana build, test and benchmark targets.
GO        ?= go
BIN       ?= bin/dana
SHARED    ?= ../shared
FUZZTIME  ?= 60s
STATICCHECK_VERSION ?= v0.8.2

.PHONY: build test bench bench-expected lint fuzz conformance clean

# The revision and commit time for `dana version`, in case the go command
# cannot stamp them (a git worktree, GOFLAGS=-buildvcs=false).
REVISION  ?= $(shell git rev-parse HEAD 2>/dev/null)
REVTIME   ?= $(shell git log -1 --format=%cI 2>/dev/null)

# -linkmode=internal: lang/interp calls the C library's pow() through cgo,
# which would otherwise make the go command link with gcc. The file GNU ld
# writes sits in the page cache as 2 MB folios and the kernel maps a whole
# folio on a fault, so until the file is evicted or copied an empty script
# measures 39-41 MB instead of 22-24 MB (the same binary copied: 21.8 MB;
# docs/perf.md, "Start-up and the memory floor"). -s -w drop the symbol
# table and DWARF (not needed for Go's own stack traces).
build:
	$(GO) build -buildvcs=auto -ldflags "-linkmode=internal -s -w -X main.revision=$(REVISION) -X main.revisionTime=$(REVTIME)" -o $(BIN) ./cmd/dana

# The test command of the README and of CI. The cmd/dana package runs the
# real binary through hundreds of scripts, terminals and kill rounds: on a
# busy 2-core machine it has taken 8-10 minutes, so the default 10-minute
# per-package timeout is raised.
test:
	$(GO) vet ./...
	$(GO) test -timeout 30m ./...

# The repository's conformance tests (tests/), then the shared acceptance
# scripts when $(SHARED)/conformance exists (an optional extra: a plain clone
# has none).
conformance: build
	./$(BIN) test tests
	@if [ -d $(SHARED)/conformance ]; then \
		./$(BIN) test $(SHARED)/conformance; \
	else \
		echo "$(SHARED)/conformance not found: ran the repository's own tests only"; \
	fi

# Go benchmarks of the interpreter's hot paths, then each program of bench/
# (and of $(SHARED)/bench when present) beside its Python twin: time, peak
# RSS, ratios and their geometric mean. BENCHRUNS sets the runs per program.
BENCHRUNS ?= 3
bench: build
	$(GO) test -run '^$$' -bench . -benchmem ./lang/interp 2>/dev/null | grep -E '^(Benchmark|ok|PASS|goos|pkg)' || true
	$(GO) run ./internal/benchcmp -dana ./$(BIN) -runs $(BENCHRUNS) -dir bench -dir $(SHARED)/bench

# Regenerate bench/testdata/*.out (the small-size outputs the Go test checks
# every .na against) from the Python twins.
bench-expected:
	for p in bench/*.py; do n=$$(basename $$p .py); DANA_BENCH_SMALL=1 python3 $$p > bench/testdata/$$n.out; done

lint:
	@test -z "$$(gofmt -l .)" || (echo "gofmt needed on:"; gofmt -l .; exit 1)
	$(GO) vet ./...
	@command -v staticcheck >/dev/null 2>&1 || $(GO) install honnef.co/go/tools/cmd/staticcheck@$(STATICCHECK_VERSION)
	$$($(GO) env GOPATH)/bin/staticcheck ./...

fuzz:
	$(GO) test -run '^$$' -fuzz '^FuzzLexer$$' -fuzztime $(FUZZTIME) ./lang/lexer
	$(GO) test -run '^$$' -fuzz '^FuzzParse$$' -fuzztime $(FUZZTIME) ./lang/parser
	$(GO) test -run '^$$' -fuzz '^FuzzExec$$' -fuzztime $(FUZZTIME) ./lang/interp

clean:
	rm -rf bin
