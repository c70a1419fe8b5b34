package cmd

import (
	"bytes"
	"io"
	"math"
	"runtime"
	"runtime/debug"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// TestBatchBigLines: a batch whose lines write 7.5 KB each (as 'closest -' does) encodes them
// straight into its chunk buffers, sized from what the lines write, so it allocates far less than
// a line's size for each line: no buffer of its own per line, regrown as it goes and copied, and no
// chunk buffer regrown line by line.
func TestBatchBigLines(t *testing.T) {
	if raceBuild {
		t.Skip("the race detector's sync.Pool drops buffers on purpose")
	}
	const lines, size = 4000, 7500
	doc := &struct {
		Text string `json:"text"`
	}{strings.Repeat("a", size)}
	in := strings.Repeat("1m\n", lines)
	run := func() (batchSummary, error) {
		return runBatch(strings.NewReader(in), discard{}, func(l batchLine) (any, bool, error) { return doc, true, nil })
	}
	if _, err := run(); err != nil { // warm the pools
		t.Fatal(err)
	}
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	sum, err := run()
	runtime.ReadMemStats(&after)
	if err != nil || sum.Lines != lines {
		t.Fatalf("lines %d, err %v", sum.Lines, err)
	}
	if per := (after.TotalAlloc - before.TotalAlloc) / lines; per > size/4 {
		t.Errorf("%d bytes allocated a line of %d bytes: want at most %d", per, size, size/4)
	}
}

// TestLineSize: a chunk takes as many lines as make about chunkBytes of output, by what the lines
// written so far took.
func TestLineSize(t *testing.T) {
	s := newLineSize(0)
	if got := s.chunkLimit(chunkLines); got != chunkLines/8 {
		t.Errorf("first chunks, before any is measured: %d lines, want %d", got, chunkLines/8)
	}
	s.observe(chunkLines*600, chunkLines)
	if got := s.chunkLimit(chunkLines); got != chunkLines {
		t.Errorf("score lines: %d lines a chunk, want %d", got, chunkLines)
	}
	for range 10 {
		s.observe(40*7500, 40)
	}
	if got := s.chunkLimit(chunkLines); got < 30 || got > 60 {
		t.Errorf("after 7.5 KB lines: %d lines a chunk, want about %d", got, chunkBytes/7500)
	}
	if got := s.chunkLimit(1); got != 1 {
		t.Errorf("a batch of one line a chunk: %d lines", got)
	}
	s.observe(100<<20, 1)
	if got := s.chunkLimit(chunkLines); got != 1 {
		t.Errorf("after a 100 MB line: %d lines a chunk, want 1", got)
	}
}

// discard is io.Discard without its ReadFrom, so nothing but the batch allocates.
type discard struct{}

func (discard) Write(p []byte) (int, error) { return len(p), nil }

// appendRaw is a schema.Appender that writes the JSON it holds.
type appendRaw string

func (a appendRaw) AppendJSON(b []byte) []byte { return append(b, a...) }

// A value that writes its own JSON gets schema_version first, written before it rather than put in
// afterwards: in an empty object too, and not twice when the value writes its own.
func TestBatchWriteVersionFirst(t *testing.T) {
	for _, tt := range []struct{ in, want string }{
		{`{"a":1}`, `{"schema_version":1,"a":1}`},
		{`{}`, `{"schema_version":1}`},
		{`{"schema_version":1,"a":1}`, `{"schema_version":1,"a":1}`},
	} {
		c := &chunk{out: new(bytes.Buffer)}
		c.out.WriteString("{\"before\":0}\n")
		if err := (batch{format: FormatJSONL}).write(c, batchLine{N: 1}, appendRaw(tt.in)); err != nil {
			t.Fatal(err)
		}
		if diff := cmp.Diff("{\"before\":0}\n"+tt.want+"\n", c.out.String()); diff != "" {
			t.Errorf("%s (-want +got):\n%s", tt.in, diff)
		}
	}
	if err := (batch{format: FormatJSONL}).write(&chunk{out: new(bytes.Buffer)}, batchLine{N: 1}, appendRaw(`[1]`)); err == nil {
		t.Error("an array written as a document: no error")
	}
}

// A batch runs under a soft memory limit above what it keeps (so the GC percent of 400 does not
// let 'closest -' grow to five times that), restores the limit after, and leaves a limit set
// before it (GOMEMLIMIT) as it was.
func TestBatchMemoryLimit(t *testing.T) {
	defer debug.SetMemoryLimit(debug.SetMemoryLimit(math.MaxInt64))
	run := func() int64 {
		var during int64
		b := batch{format: FormatJSONL, handle: func(l batchLine) (any, bool, error) {
			during = debug.SetMemoryLimit(-1)
			return map[string]int{"n": l.N}, true, nil
		}}
		if _, err := b.run(strings.NewReader("a\n"), io.Discard, io.Discard); err != nil {
			t.Fatal(err)
		}
		return during
	}
	workers := runtime.GOMAXPROCS(0)
	if got, want := run(), batchMemoryLimit(workers); got != want {
		t.Errorf("limit during the batch = %d, want %d", got, want)
	}
	if kept := int64(2*workers+1) * 2 * chunkBytes; batchMemoryLimit(workers) < 2*kept {
		t.Errorf("limit %d is not twice what the batch keeps (%d)", batchMemoryLimit(workers), kept)
	}
	if got := debug.SetMemoryLimit(-1); got != math.MaxInt64 {
		t.Errorf("limit after the batch = %d, want none", got)
	}
	debug.SetMemoryLimit(1 << 40)
	if got := run(); got != 1<<40 {
		t.Errorf("with GOMEMLIMIT's limit set the batch ran under %d, want it left at %d", got, int64(1<<40))
	}
}

// TestBatchPanicIsTheLinesBug is TestBatchPanicIsABug for a batch whose JSON lines a jsonLine
// writes: a panic in it is that line's error (exit 3, "internal error"), and the lines around it
// are written in order.
func TestBatchPanicIsTheLinesBug(t *testing.T) {
	jsonLine := func() lineFunc {
		return func(b []byte, l batchLine) ([]byte, bool, error) {
			if l.Text == "boom" {
				var none []int
				_ = none[l.N] // a runtime panic: index out of range
			}
			return append(b, `{"text":"`+l.Text+`"}`...), true, nil
		}
	}
	var out bytes.Buffer
	b := batch{handle: func(batchLine) (any, bool, error) { panic("not called") }, format: FormatJSONL, jsonLine: jsonLine}
	sum, err := b.run(strings.NewReader("a\nboom\nc\n"), &out, io.Discard)
	if err != nil {
		t.Fatal(err)
	}
	if sum.Lines != 3 || sum.Failed != 1 || exitCode(sum.Worst) != ExitBug {
		t.Errorf("summary %+v (worst exit %d), want 3 lines, 1 failed, exit %d", sum, exitCode(sum.Worst), ExitBug)
	}
	got := strings.Split(strings.TrimSpace(out.String()), "\n")
	if len(got) != 3 || got[0] != `{"schema_version":1,"text":"a"}` || got[2] != `{"schema_version":1,"text":"c"}` ||
		!strings.Contains(got[1], `"input_line":2`) || !strings.Contains(got[1], "internal error: runtime error: index out of range") || !strings.Contains(got[1], `"code":3`) {
		t.Errorf("output: %q", got)
	}
}
