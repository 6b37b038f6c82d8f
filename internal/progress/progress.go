// Package progress draws the live progress of LLM work on a terminal's
// stderr (SPEC §9.7, issue 14): one status line per call in flight with its
// elapsed time, the tokens streamed so far and the latest retry notice, and a bar for each parallel() call
// (done/total, rate, ETA, drawn with schollz/progressbar). The block is
// redrawn in place a few times a second and erased before anything else is
// written to the terminal through Writer, so program output never mixes
// with it. The command line creates a Display only when stderr is a terminal
// and --quiet is not given.
package progress

import (
	"fmt"
	"io"
	"sort"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/mattn/go-runewidth"
	"github.com/schollz/progressbar/v3"

	"github.com/minidana/dana/llm"
)

// Refresh is how often the block is redrawn.
const Refresh = 100 * time.Millisecond

// maxCallLines bounds the call lines drawn; more calls are summarized.
const maxCallLines = 8

var spinner = []string{"⠋", "⠙", "⠹", "⠸", "⠼", "⠴", "⠦", "⠧", "⠇", "⠏"}

// Display is the progress block on one terminal. Its methods are safe for
// concurrent use.
type Display struct {
	w     io.Writer
	width int

	mu     sync.Mutex
	calls  map[int]*call
	bars   map[int]*bar
	nextID int
	drawn  int // lines currently on screen
	frame  int
	closed bool
	paused int // Suspend calls not yet resumed
	stop   chan struct{}
	done   chan struct{}
}

type call struct {
	label   string
	started time.Time
	note    string
	tokens  int // content chunks streamed so far (about one token each)
}

type bar struct {
	pb    *progressbar.ProgressBar
	total int
	done  atomic.Int64
}

// New starts a display writing to w (a terminal width columns wide).
func New(w io.Writer, width int) *Display {
	if width <= 0 {
		width = 80
	}
	d := &Display{w: w, width: width, calls: map[int]*call{}, bars: map[int]*bar{},
		stop: make(chan struct{}), done: make(chan struct{})}
	go d.loop()
	return d
}

func (d *Display) loop() {
	defer close(d.done)
	t := time.NewTicker(Refresh)
	defer t.Stop()
	for {
		select {
		case <-d.stop:
			return
		case <-t.C:
			d.mu.Lock()
			d.frame++
			d.redrawLocked()
			d.mu.Unlock()
		}
	}
}

// Close erases the block and stops redrawing.
func (d *Display) Close() {
	d.mu.Lock()
	if d.closed {
		d.mu.Unlock()
		return
	}
	d.closed = true
	d.eraseLocked()
	d.mu.Unlock()
	close(d.stop)
	<-d.done
}

// Clear erases the block now (it is drawn again at the next refresh if
// calls are still in flight). The REPL clears it before its prompt.
func (d *Display) Clear() {
	d.mu.Lock()
	defer d.mu.Unlock()
	d.eraseLocked()
}

// Suspend erases the block and stops drawing it until Resume: the REPL
// prints a reply as it streams, and the block must not land in its middle.
func (d *Display) Suspend() {
	d.mu.Lock()
	defer d.mu.Unlock()
	d.paused++
	d.eraseLocked()
}

// Resume undoes a Suspend.
func (d *Display) Resume() {
	d.mu.Lock()
	defer d.mu.Unlock()
	if d.paused > 0 {
		d.paused--
	}
}

// Begin shows a call in flight; label says what it asks. It returns the
// call's id for Retry and End.
func (d *Display) Begin(label string) int {
	d.mu.Lock()
	defer d.mu.Unlock()
	d.nextID++
	d.calls[d.nextID] = &call{label: label, started: time.Now()}
	return d.nextID
}

// End removes a call.
func (d *Display) End(id int) {
	d.mu.Lock()
	defer d.mu.Unlock()
	delete(d.calls, id)
}

// Notifier returns the llm.Notifier that shows a call's retry notices and
// the tokens streamed so far.
func (d *Display) Notifier(id int) llm.Notifier { return notifier{d, id} }

type notifier struct {
	d  *Display
	id int
}

// Retry shows the notice ("429 from api.example: retry 2/4 in 3s") on the
// call's line.
func (n notifier) Retry(r llm.RetryNotice) {
	n.d.mu.Lock()
	defer n.d.mu.Unlock()
	if c := n.d.calls[n.id]; c != nil {
		c.note = r.String()
	}
}

// Stream counts the tokens streamed so far on the call's line (a restarted
// stream counts from zero again).
func (n notifier) Stream(e llm.StreamEvent) {
	n.d.mu.Lock()
	defer n.d.mu.Unlock()
	if c := n.d.calls[n.id]; c != nil {
		c.tokens = e.Chunks
	}
}

// Start shows a bar for a parallel() call of total items; itemDone advances
// it and done removes it (builtins.ParallelObserver).
func (d *Display) Start(total int) (itemDone func(), done func()) {
	b := &bar{total: total, pb: progressbar.NewOptions(total, progressbar.OptionSetWriter(io.Discard),
		progressbar.OptionSetDescription("parallel"), progressbar.OptionShowCount(), progressbar.OptionShowIts(),
		progressbar.OptionSetItsString("items"), progressbar.OptionSetPredictTime(true), progressbar.OptionSetWidth(24))}
	d.mu.Lock()
	d.nextID++
	id := d.nextID
	d.bars[id] = b
	d.mu.Unlock()
	return func() { b.done.Add(1) }, func() {
		d.mu.Lock()
		defer d.mu.Unlock()
		delete(d.bars, id)
	}
}

// Writer returns w wrapped so that each write first erases the block (it is
// drawn again at the next refresh): program output and the block never mix.
func (d *Display) Writer(w io.Writer) io.Writer { return &clearing{d: d, w: w} }

type clearing struct {
	d *Display
	w io.Writer
}

func (c *clearing) Write(p []byte) (int, error) {
	c.d.mu.Lock()
	defer c.d.mu.Unlock()
	c.d.eraseLocked()
	return c.w.Write(p)
}

// eraseLocked removes the block from the screen.
func (d *Display) eraseLocked() {
	if d.drawn == 0 {
		return
	}
	fmt.Fprintf(d.w, "\x1b[%dA\x1b[J", d.drawn)
	d.drawn = 0
}

// redrawLocked draws the block again. Nothing is written when there is
// nothing to draw or erase: the terminal may be reading a line meanwhile.
func (d *Display) redrawLocked() {
	if d.closed || d.paused > 0 {
		return
	}
	lines := d.linesLocked()
	if len(lines) == 0 && d.drawn == 0 {
		return
	}
	var b strings.Builder
	if d.drawn > 0 {
		fmt.Fprintf(&b, "\x1b[%dA", d.drawn)
	}
	b.WriteString("\x1b[J")
	for _, l := range lines {
		b.WriteString(runewidth.Truncate(l, d.width-1, "…"))
		b.WriteString("\n")
	}
	d.drawn = len(lines)
	io.WriteString(d.w, b.String())
}

// linesLocked renders the block: the bars, then the calls, oldest first.
func (d *Display) linesLocked() []string {
	var lines []string
	ids := make([]int, 0, len(d.bars))
	for id := range d.bars {
		ids = append(ids, id)
	}
	sort.Ints(ids)
	for _, id := range ids {
		b := d.bars[id]
		_ = b.pb.Set(int(b.done.Load()))
		lines = append(lines, strings.TrimLeft(b.pb.String(), "\r"))
	}
	ids = ids[:0]
	for id := range d.calls {
		ids = append(ids, id)
	}
	sort.Ints(ids)
	spin := spinner[d.frame%len(spinner)]
	now := time.Now()
	for i, id := range ids {
		if i == maxCallLines {
			lines = append(lines, fmt.Sprintf("%s … and %d more calls in flight", spin, len(ids)-maxCallLines))
			break
		}
		c := d.calls[id]
		// What changes comes first, the label last: a narrow terminal
		// cuts the label, not the retry notice or the tokens.
		line := fmt.Sprintf("%s %5.1fs  ", spin, now.Sub(c.started).Seconds())
		switch {
		case c.tokens == 1:
			line += "↓ 1 token  "
		case c.tokens > 1:
			line += fmt.Sprintf("↓ %d tokens  ", c.tokens)
		}
		if c.note != "" {
			line += "[" + c.note + "]  "
		}
		line += c.label
		lines = append(lines, line)
	}
	return lines
}
