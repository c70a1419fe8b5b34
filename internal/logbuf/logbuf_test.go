package logbuf

import (
	"bytes"
	"fmt"
	"log/slog"
	"strings"
	"sync"
	"testing"
	"time"
)

// syncBuf is a bytes.Buffer safe to read while the timer writes to it.
type syncBuf struct {
	mu     sync.Mutex
	b      bytes.Buffer
	writes int
}

func (s *syncBuf) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.writes++
	return s.b.Write(p)
}

func (s *syncBuf) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

func (s *syncBuf) Writes() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.writes
}

// waitFor polls until cond holds, failing after a generous timeout (not a speed budget: the
// delay under test is milliseconds).
func waitFor(t *testing.T, what string, cond func() bool) {
	t.Helper()
	for deadline := time.Now().Add(10 * time.Second); time.Now().Before(deadline); time.Sleep(time.Millisecond) {
		if cond() {
			return
		}
	}
	t.Fatalf("gave up waiting: %s", what)
}

func TestLinesGoOutTogetherWithinTheDelay(t *testing.T) {
	var out syncBuf
	w := New(&out)
	w.delay = 20 * time.Millisecond
	defer w.Close()
	for i := range 50 {
		fmt.Fprintf(w, "line %d\n", i)
	}
	if got := out.String(); got != "" {
		t.Fatalf("written before the delay: %q", got)
	}
	waitFor(t, "the gathered lines", func() bool { return strings.Count(out.String(), "\n") == 50 })
	if n := out.Writes(); n != 1 {
		t.Errorf("50 lines went out in %d writes, want 1", n)
	}
	fmt.Fprintln(w, "later") // a new line after a flush schedules another
	waitFor(t, "the later line", func() bool { return strings.HasSuffix(out.String(), "line 49\nlater\n") })
}

func TestAFullBufferIsWrittenAtOnce(t *testing.T) {
	var out syncBuf
	w := New(&out)
	w.delay = time.Hour
	line := strings.Repeat("x", 1023) + "\n"
	for range Size / len(line) {
		_, _ = w.Write([]byte(line))
	}
	if got := len(out.String()); got != Size {
		t.Fatalf("after %d bytes, %d were written, want them all at once", Size, got)
	}
	long := strings.Repeat("y", 5*Size) + "\n"
	_, _ = w.Write([]byte(long))
	if w.buf != nil {
		t.Errorf("a %d-byte line's buffer was kept (cap %d)", len(long), cap(w.buf))
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	if got := len(out.String()); got != Size+len(long) {
		t.Errorf("%d bytes written, want %d", got, Size+len(long))
	}
}

func TestCloseWritesWhatIsLeftThenWritesThrough(t *testing.T) {
	var out syncBuf
	w := New(&out)
	w.delay = time.Hour
	fmt.Fprintln(w, "gathered")
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	if got := out.String(); got != "gathered\n" {
		t.Fatalf("after Close: %q", got)
	}
	fmt.Fprintln(w, "after")
	if got := out.String(); got != "gathered\nafter\n" {
		t.Errorf("a write after Close: %q, want it written at once", got)
	}
}

func TestWarningsAreWrittenAtOnceAfterWhatCameBefore(t *testing.T) {
	var out syncBuf
	w := New(&out)
	w.delay = time.Hour
	defer w.Close()
	log := slog.New(FlushAbove(slog.NewTextHandler(w, &slog.HandlerOptions{ReplaceAttr: dropTime}), w, slog.LevelWarn)).With("srv", "t")
	log.Info("request", "path", "/v1/score")
	if got := out.String(); got != "" {
		t.Fatalf("an info line was written at once: %q", got)
	}
	log.WithGroup("g").Error("handler panicked", "err", "boom")
	want := "level=INFO msg=request srv=t path=/v1/score\nlevel=ERROR msg=\"handler panicked\" srv=t g.err=boom\n"
	if got := out.String(); got != want {
		t.Errorf("after an error:\n got %q\nwant %q", got, want)
	}
}

func dropTime(groups []string, a slog.Attr) slog.Attr {
	if a.Key == slog.TimeKey && len(groups) == 0 {
		return slog.Attr{}
	}
	return a
}

// TestConcurrentLinesStayWhole: slog writes a record in one Write, and the Writer keeps each
// whole, whatever the goroutines' interleaving (go test -race checks the locking).
func TestConcurrentLinesStayWhole(t *testing.T) {
	var out syncBuf
	w := New(&out)
	w.delay = time.Millisecond
	log := slog.New(slog.NewTextHandler(w, &slog.HandlerOptions{ReplaceAttr: dropTime}))
	var wg sync.WaitGroup
	for g := range 8 {
		wg.Go(func() {
			for i := range 500 {
				log.Info("request", "g", g, "i", i)
			}
		})
	}
	wg.Wait()
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSuffix(out.String(), "\n"), "\n")
	if len(lines) != 8*500 {
		t.Fatalf("%d lines, want %d", len(lines), 8*500)
	}
	seen := map[string]bool{}
	for _, l := range lines {
		var g, i int
		if _, err := fmt.Sscanf(l, "level=INFO msg=request g=%d i=%d", &g, &i); err != nil {
			t.Fatalf("broken line %q: %v", l, err)
		}
		seen[l] = true
	}
	if len(seen) != 8*500 {
		t.Errorf("%d distinct lines, want %d", len(seen), 8*500)
	}
}
