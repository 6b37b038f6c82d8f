package engine

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"math"
	"os"
	"sort"
	"strings"
	"sync"
	"time"

	"github.com/minidana/dana/internal/progress"
	"github.com/minidana/dana/lang/interp"
	"github.com/minidana/dana/llm"
)

// Usage is what a run spent on models so far (SPEC §9.7): usage() in
// scripts, `dana run --stats` at exit.
type Usage struct {
	// Calls counts the completed LLM calls (requests to the client,
	// validation retries included), CachedCalls those answered by the
	// response cache, FailedCalls those that raised.
	Calls, CachedCalls, FailedCalls int64
	// PromptTokens and CompletionTokens are the tokens the model processed
	// for this run (cached replies cost none).
	PromptTokens, CompletionTokens int64
	// LLMTime is the time spent waiting on the model, summed over calls
	// (calls made by parallel() overlap, so it can exceed the wall time).
	LLMTime time.Duration
	// CostUSD is the cost by the price table (DANA_PRICES), when one is
	// configured; Priced tells whether it is. UnpricedModels lists models
	// that answered but are not in the table.
	CostUSD        float64
	Priced         bool
	UnpricedModels []string
}

// Price is what a model costs, in USD per million tokens.
type Price struct {
	Prompt     float64 `json:"prompt"`
	Completion float64 `json:"completion"`
}

// LoadPrices reads a price table: a JSON object mapping model names to
// {"prompt": USD, "completion": USD} per million tokens ("input"/"output"
// are accepted too).
func LoadPrices(path string) (map[string]Price, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, fmt.Errorf("DANA_PRICES: %w", err)
	}
	var raw map[string]map[string]float64
	if err := json.Unmarshal(b, &raw); err != nil {
		return nil, fmt.Errorf("DANA_PRICES=%s: want {\"model\": {\"prompt\": USD, \"completion\": USD}} per million tokens: %w", path, err)
	}
	out := make(map[string]Price, len(raw))
	for model, p := range raw {
		pr := Price{Prompt: p["prompt"] + p["input"], Completion: p["completion"] + p["output"]}
		if pr.Prompt < 0 || pr.Completion < 0 || math.IsNaN(pr.Prompt+pr.Completion) {
			return nil, fmt.Errorf("DANA_PRICES=%s: negative price for %s", path, model)
		}
		out[model] = pr
	}
	return out, nil
}

// meter is the outermost client wrapper: it counts what the run spends.
type meter struct {
	llm.Client
	prices   map[string]Price
	progress *progress.Display
	notices  *lineNotifier // retry notices as lines, without a progress display

	mu       sync.Mutex
	u        Usage
	byModel  map[string]llm.Usage
	priceErr error
}

func newMeter(c llm.Client) *meter {
	return &meter{Client: c, byModel: map[string]llm.Usage{}}
}

// Complete forwards the call and counts it.
func (m *meter) Complete(ctx context.Context, req *llm.Request) (*llm.Response, error) {
	if d := m.progress; d != nil {
		id := d.Begin(callLabel(req))
		defer d.End(id)
		ctx = llm.WithNotifier(ctx, d.Notifier(id))
	} else if m.notices != nil {
		ctx = llm.WithNotifier(ctx, m.notices)
	}
	start := time.Now()
	resp, err := m.Client.Complete(ctx, req)
	took := time.Since(start)
	m.mu.Lock()
	defer m.mu.Unlock()
	m.u.Calls++
	switch {
	case err != nil:
		m.u.FailedCalls++
		m.u.LLMTime += took
	case resp.Cached:
		m.u.CachedCalls++
	default:
		m.u.LLMTime += took
		m.u.PromptTokens += resp.Usage.PromptTokens
		m.u.CompletionTokens += resp.Usage.CompletionTokens
		bm := m.byModel[resp.Model]
		bm.PromptTokens += resp.Usage.PromptTokens
		bm.CompletionTokens += resp.Usage.CompletionTokens
		m.byModel[resp.Model] = bm
	}
	return resp, err
}

// lineNotifier writes each retry notice as a line.
type lineNotifier struct {
	mu sync.Mutex
	w  io.Writer
}

func (n *lineNotifier) Retry(r llm.RetryNotice) {
	n.mu.Lock()
	defer n.mu.Unlock()
	fmt.Fprintf(n.w, "dana: %s\n", r)
}

func (n *lineNotifier) Stream(llm.StreamEvent) {}

// callLabel names a call on its progress line: the model and the start of
// the prompt.
func callLabel(req *llm.Request) string {
	text := ""
	if req != nil {
		for _, msg := range req.Messages {
			if msg.Role == llm.RoleUser {
				text = msg.Content
				break
			}
		}
	}
	text, _, _ = strings.Cut(strings.TrimSpace(text), "\n")
	if r := []rune(text); len(r) > 60 {
		text = string(r[:60]) + "…"
	}
	if req != nil && req.Model != "" {
		return req.Model + "  " + text
	}
	return text
}

// Unwrap returns the wrapped client.
func (m *meter) Unwrap() llm.Client { return m.Client }

// usage returns the counters, with the cost when prices are known.
func (m *meter) usage() Usage {
	m.mu.Lock()
	defer m.mu.Unlock()
	u := m.u
	u.UnpricedModels = nil
	if m.prices != nil {
		u.Priced = true
		for model, t := range m.byModel {
			p, ok := m.prices[model]
			if !ok {
				u.UnpricedModels = append(u.UnpricedModels, model)
				continue
			}
			u.CostUSD += (float64(t.PromptTokens)*p.Prompt + float64(t.CompletionTokens)*p.Completion) / 1e6
		}
		sort.Strings(u.UnpricedModels)
	}
	return u
}

// Usage returns what the engine's run has spent on models so far.
func (e *Engine) Usage() Usage {
	if e.meter == nil {
		return Usage{}
	}
	return e.meter.usage()
}

// WriteUsage prints u as the few lines `dana run --stats` shows.
func WriteUsage(w io.Writer, u Usage) {
	fmt.Fprintf(w, "LLM usage: %d calls (%d cached, %d failed), %d prompt + %d completion tokens, %.2fs waiting on the model",
		u.Calls, u.CachedCalls, u.FailedCalls, u.PromptTokens, u.CompletionTokens, u.LLMTime.Seconds())
	if u.Priced {
		fmt.Fprintf(w, ", cost $%.4f", u.CostUSD)
		if len(u.UnpricedModels) > 0 {
			fmt.Fprintf(w, " (not priced: %s)", strings.Join(u.UnpricedModels, ", "))
		}
	}
	fmt.Fprintln(w)
}

// usageBuiltin is usage(): a dict of the run's counters (SPEC §9.7).
func (e *Engine) usageBuiltin(th *interp.Thread, args []interp.Value, kw []interp.KwArg) (interp.Value, error) {
	if len(args) > 0 || len(kw) > 0 {
		return nil, interp.Errorf("TypeError", "usage() takes no arguments")
	}
	u := e.Usage()
	d := interp.NewDict(7)
	d.SetStr("calls", interp.MakeInt(u.Calls))
	d.SetStr("prompt_tokens", interp.MakeInt(u.PromptTokens))
	d.SetStr("completion_tokens", interp.MakeInt(u.CompletionTokens))
	d.SetStr("cached_calls", interp.MakeInt(u.CachedCalls))
	d.SetStr("failed_calls", interp.MakeInt(u.FailedCalls))
	d.SetStr("llm_seconds", interp.Float(math.Round(u.LLMTime.Seconds()*1000)/1000))
	if u.Priced {
		d.SetStr("cost_usd", interp.Float(u.CostUSD))
	}
	return d, nil
}
