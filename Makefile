# mini-Dana build, test and benchmark targets.
GO        ?= go
BIN       ?= bin/dana
SHARED    ?= ../shared
FUZZTIME  ?= 60s
STATICCHECK_VERSION ?= v0.8.2

.PHONY: build test bench lint fuzz conformance clean

build:
	$(GO) build -o $(BIN) ./cmd/dana

# The test command of the README and of CI.
test:
	$(GO) vet ./...
	$(GO) test ./...

# Run the shared conformance scripts with the dana binary.
conformance: build
	./$(BIN) test $(SHARED)/conformance

# Go benchmarks for each phase, then each program of $(SHARED)/bench beside
# its Python twin, with the time ratio.
bench: build
	$(GO) test -run '^$$' -bench . -benchmem ./lang/... ./llm/... ./store/... ./poet/... 2>/dev/null | grep -E '^(Benchmark|ok|PASS|goos|pkg)' || true
	$(GO) run ./internal/benchcmp -dana ./$(BIN) -dir $(SHARED)/bench

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
