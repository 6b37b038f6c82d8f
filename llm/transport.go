package llm

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/url"
	"strings"
	"syscall"
	"time"
)

// httpClient returns the HTTP client the OpenAI client uses: cfg.HTTPClient
// (or a default one) with two changes. Redirects that keep the method (307,
// 308) are followed; 301, 302 and 303, which would turn the POST into a GET,
// are not, nor is any redirect to another origin (scheme, host, port), which
// would receive the API key: the client sees the redirect and reports it as
// one. And every
// reply body is capped at cfg.MaxReplyBytes: reading past it fails with
// ErrReplyTooLarge, so a reply that never ends cannot exhaust memory.
func httpClient(cfg Config) *http.Client {
	var hc http.Client
	if cfg.HTTPClient != nil {
		hc = *cfg.HTTPClient
	}
	base := hc.Transport
	if base == nil {
		// http.DefaultTransport keeps 2 idle connections per host: with
		// parallel() calls in flight, every request past the second would
		// open (and, for HTTPS, handshake) a new connection.
		t := http.DefaultTransport.(*http.Transport).Clone()
		t.MaxIdleConnsPerHost = MaxIdleConnsPerHost
		base = t
	}
	hc.Transport = &capTransport{base: base, max: cfg.MaxReplyBytes}
	hc.CheckRedirect = func(req *http.Request, via []*http.Request) error {
		if req.Response != nil {
			switch req.Response.StatusCode {
			case http.StatusMovedPermanently, http.StatusFound, http.StatusSeeOther:
				return http.ErrUseLastResponse
			}
		}
		if len(via) >= 5 || !sameOrigin(req.URL, via[0].URL) {
			return http.ErrUseLastResponse
		}
		return nil
	}
	return &hc
}

// sameOrigin reports whether a and b have the same scheme, host and port.
func sameOrigin(a, b *url.URL) bool {
	return strings.EqualFold(a.Scheme, b.Scheme) && strings.EqualFold(a.Host, b.Host)
}

// redirectMessage describes a redirect the client did not follow.
func redirectMessage(r *http.Response) string {
	status := r.StatusCode
	msg := fmt.Sprintf("the server redirects (%d %s)", status, http.StatusText(status))
	loc := r.Header.Get("Location")
	var target *url.URL
	if loc != "" {
		msg += " to " + loc
		if u, err := r.Request.URL.Parse(loc); err == nil {
			target = u
		}
	}
	switch {
	case status == http.StatusTemporaryRedirect || status == http.StatusPermanentRedirect:
		if target != nil && !sameOrigin(target, r.Request.URL) {
			msg += ", another host, which is not followed so that it never receives the API key"
		} else {
			msg += ", and redirects too many times"
		}
	default:
		msg += ", which is not followed because it would re-send the POST as a GET"
	}
	return msg + "; configure the base URL the redirect points to"
}

// MaxIdleConnsPerHost is how many idle connections to the endpoint the
// client keeps for reuse: as many as parallel() workers may have calls in
// flight.
const MaxIdleConnsPerHost = 256

// capTransport caps the bodies of the responses of base.
type capTransport struct {
	base http.RoundTripper
	max  int64
}

// RoundTrip forwards r and wraps the response body in a cappedBody.
func (t *capTransport) RoundTrip(r *http.Request) (*http.Response, error) {
	resp, err := t.base.RoundTrip(r)
	if err != nil || resp.Body == nil || t.max <= 0 {
		return resp, err
	}
	resp.Body = &cappedBody{rc: resp.Body, left: t.max}
	return resp, nil
}

// cappedBody reads at most left bytes, then fails with ErrReplyTooLarge.
type cappedBody struct {
	rc   io.ReadCloser
	left int64
}

func (b *cappedBody) Read(p []byte) (int, error) {
	if b.left <= 0 {
		// One byte more tells a body of exactly the cap from a longer one.
		var one [1]byte
		n, err := b.rc.Read(one[:])
		if n > 0 {
			return 0, ErrReplyTooLarge
		}
		return 0, err
	}
	if int64(len(p)) > b.left {
		p = p[:b.left]
	}
	n, err := b.rc.Read(p)
	b.left -= int64(n)
	return n, err
}

func (b *cappedBody) Close() error { return b.rc.Close() }

// causeText says in a few words why a request got no response, without the
// Go and SDK wrappers ("Post \"http://...\": dial tcp ...: connect: ...").
func causeText(err error) string {
	var dns *net.DNSError
	switch {
	case errors.Is(err, syscall.ECONNREFUSED):
		return "connection refused"
	case errors.Is(err, syscall.ECONNRESET):
		return "the connection was reset"
	case errors.As(err, &dns):
		return "cannot resolve the host " + dns.Name
	case errors.Is(err, io.EOF), errors.Is(err, io.ErrUnexpectedEOF):
		return "the server closed the connection without answering"
	case errors.Is(err, context.DeadlineExceeded):
		return "timed out"
	}
	var op *net.OpError
	if errors.As(err, &op) && op.Err != nil {
		return op.Err.Error()
	}
	msg := err.Error()
	if i := strings.LastIndex(msg, ": "); i >= 0 {
		msg = msg[i+2:]
	}
	return msg
}

// decodeText says why a 2xx reply could not be used.
func decodeText(r *http.Response, err error) string {
	ct := r.Header.Get("Content-Type")
	if ct != "" && !strings.Contains(ct, "json") {
		return "it is not JSON (Content-Type " + ct + ")"
	}
	return causeText(err)
}

// formatBytes renders a size as "10 MB", "512 KB" or "100 bytes".
func formatBytes(n int64) string {
	switch {
	case n >= 1<<20 && n%(1<<20) == 0:
		return fmt.Sprintf("%d MB", n>>20)
	case n >= 1<<10 && n%(1<<10) == 0:
		return fmt.Sprintf("%d KB", n>>10)
	}
	return fmt.Sprintf("%d bytes", n)
}

// RetryNotice describes a retry about to happen, for progress displays.
type RetryNotice struct {
	Endpoint string
	// Status is the HTTP status that caused the retry (0: no response).
	Status int
	// Cut tells that the reply stream broke off mid-way.
	Cut bool
	// Attempt is the number of the request about to be made; MaxAttempts
	// the most the call may make.
	Attempt, MaxAttempts int
	// Wait is the pause before it.
	Wait time.Duration
}

// String renders the notice as "429 from api.example.com: retry 2/4 in 3s".
func (n RetryNotice) String() string {
	host := n.Endpoint
	if i := strings.Index(host, "://"); i >= 0 {
		host = host[i+3:]
	}
	if i := strings.IndexByte(host, '/'); i >= 0 {
		host = host[:i]
	}
	what := "no response"
	switch {
	case n.Cut:
		what = "stream cut"
	case n.Status != 0:
		what = fmt.Sprint(n.Status)
	}
	return fmt.Sprintf("%s from %s: retry %d/%d in %s", what, host, n.Attempt, n.MaxAttempts, n.Wait.Round(100*time.Millisecond))
}

// StreamEvent is a piece of a reply streamed by the server.
type StreamEvent struct {
	// Text is the new content.
	Text string
	// Chunks is the number of content chunks of this attempt so far
	// (about one token each).
	Chunks int
	// Restart tells that the text streamed so far is void: the stream
	// broke off and the call retries (Text is empty).
	Restart bool
}

// Notifier receives events of calls in progress (retries, streamed text);
// attach one to a call's context with WithNotifier. Its methods may be
// called from any goroutine, but the events of one call come in order.
type Notifier interface {
	Retry(RetryNotice)
	Stream(StreamEvent)
}

type notifierKey struct{}

// WithNotifier returns ctx carrying n, after any notifier ctx already
// carries: both receive the events.
func WithNotifier(ctx context.Context, n Notifier) context.Context {
	if prev := NotifierFrom(ctx); prev != nil {
		n = notifiers{prev, n}
	}
	return context.WithValue(ctx, notifierKey{}, n)
}

// notifiers passes each event to both.
type notifiers [2]Notifier

func (ns notifiers) Retry(r RetryNotice) {
	ns[0].Retry(r)
	ns[1].Retry(r)
}

func (ns notifiers) Stream(e StreamEvent) {
	ns[0].Stream(e)
	ns[1].Stream(e)
}

// NotifierFrom returns the notifier ctx carries, or nil.
func NotifierFrom(ctx context.Context) Notifier {
	n, _ := ctx.Value(notifierKey{}).(Notifier)
	return n
}
