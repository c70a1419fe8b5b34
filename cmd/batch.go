package cmd

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"github.com/mjref/mjref/schema"
	"io"
	"math"
	"os"
	"runtime"
	"runtime/debug"
	"strings"
	"sync"
	"sync/atomic"

	"github.com/mjref/mjref/family"
	"github.com/mjref/mjref/internal/safeio"
	"github.com/mjref/mjref/internal/words"
	"github.com/mjref/mjref/notation"
)

// batchLine is one input line of a batch.
type batchLine struct {
	N    int    // 1-based line number
	Text string // the line, trimmed
	Err  error  // the line is over safeio.LineLimit and was skipped (Text is empty)
}

// longLineError is a line of standard input over safeio.LineLimit: that line fails (exit 2) and
// the batch goes on with the next.
type longLineError struct{ le *safeio.LimitError }

func (e *longLineError) Error() string {
	return "longer than the limit of " + safeio.FormatSize(e.le.Limit) + " for one line of standard input: skipped"
}
func (e *longLineError) Unwrap() error { return e.le }

// batchFunc handles one line and returns the value to write and whether its verdict is positive,
// or an error for that line.
type batchFunc func(l batchLine) (v any, positive bool, err error)

// batchSummary counts what a batch found.
type batchSummary struct {
	Lines    int
	Negative int   // lines whose verdict was negative
	Failed   int   // lines that could not be handled
	Worst    error // the error of the failed line with the highest exit status
}

// err turns the summary into the command's result: the worst line error, else errNegative, else nil.
func (s batchSummary) err() error {
	switch {
	case s.Worst != nil:
		return &batchFailed{n: s.Failed, worst: s.Worst}
	case s.Negative > 0:
		return errNegative
	}
	return nil
}

// batchFailed reports failed lines; its exit status is the worst line's.
type batchFailed struct {
	n     int
	worst error
}

func (e *batchFailed) Error() string {
	return fmt.Sprintf("%s failed; the first worst: %v", words.Count(e.n, "line"), e.worst)
}
func (e *batchFailed) Unwrap() error { return e.worst }

// batch is one batch run: how to handle a line, and how to write what it returns.
type batch struct {
	handle batchFunc
	// format is FormatJSONL (also for json: one object per line), FormatYAML (one document per
	// line) or FormatTable (drawn by table).
	format string
	// table draws one line's result for -o table; its errors go to the error stream, in order.
	table func(w io.Writer, l batchLine, v any) error
	// lines is the most lines a chunk holds (0: chunkLines): 1 when each line is a whole game,
	// so every core takes games as they come.
	lines int
	// lineBytes is about how many bytes one line's result takes (0: lineBytesDefault), the first
	// guess of size: see lineSize.
	lineBytes int
	size      *lineSize // set by run
	// jsonLine, when set, writes each line's result for FormatJSONL in place of handle and write:
	// it is called once a chunk for the chunk's lineFunc, which may keep what it reuses from line
	// to line (engine.Line's hand).
	jsonLine func() lineFunc
}

// lineFunc appends one line's result as a JSON object to b; positive is its verdict. On an error
// it returns b as it came.
type lineFunc func(b []byte, l batchLine) (out []byte, positive bool, err error)

// lineSize is a batch's running measure of the bytes one line's result takes, from the chunks
// written so far. It sizes each chunk's output buffer, so a line is appended in place rather than
// the buffer regrown, and how many lines a chunk takes, so that a chunk's output stays near
// chunkBytes whatever a line writes: 'closest -' writes 7.5 KB a line, 'score -' 600 bytes.
type lineSize struct {
	perLine  atomic.Int64
	observed atomic.Bool // a chunk has been measured
}

// lineBytesDefault is the first guess of a line's result when the batch gives none: a Hong Kong
// score line in JSON.
const lineBytesDefault = 640

// chunkBytes is the output a chunk aims at: chunkLines score lines.
const chunkBytes = chunkLines * lineBytesDefault

func newLineSize(guess int) *lineSize {
	if guess <= 0 {
		guess = lineBytesDefault
	}
	s := &lineSize{}
	s.perLine.Store(int64(guess))
	return s
}

// bytes is the bytes one line's result is expected to take.
func (s *lineSize) bytes() int { return int(s.perLine.Load()) }

// observe takes in a chunk's output: n bytes for lines lines. The measure moves halfway to it, so
// one odd chunk does not swing it.
func (s *lineSize) observe(n, lines int) {
	if lines == 0 {
		return
	}
	per := int64(n/lines + 1)
	if !s.observed.Swap(true) {
		s.perLine.Store(per)
		return
	}
	old := s.perLine.Load()
	s.perLine.Store((old + per + 1) / 2)
}

// chunkLimit is how many lines the next chunk takes: enough for about chunkBytes of output, at
// least 1 and at most most. Until a chunk has been measured, chunks take an eighth of that: the
// reader runs ahead of the workers, and a guess that is ten times short would otherwise fill
// every chunk in flight ten times over.
func (s *lineSize) chunkLimit(most int) int {
	n := chunkBytes / max(s.bytes(), 1)
	if !s.observed.Load() {
		n /= 8
	}
	return max(1, min(most, n))
}

// chunk is a run of lines handled by one worker; results are written in input order.
type chunk struct {
	lines []batchLine
	out   *bytes.Buffer // from outBufs, returned once written
	errs  []chunkError  // table output: errors to print on the error stream, at their place
	sum   batchSummary
	done  chan struct{}
}

// chunkError is a line's error in table output, printed once out has been written up to at.
type chunkError struct {
	at  int
	err error
}

// chunkLines is the most lines a chunk holds: a worker's share of a file. A chunk is cut short
// whenever the input has no complete line waiting, so a process fed one line at a time answers it
// at once.
const chunkLines = 512

// runBatchResult runs b from ios.In to ios.Out and returns the command's result: a read or write
// error, else the summary's (see batchSummary.err).
func runBatchResult(ios *IOStreams, b batch) error {
	sum, err := b.run(ios.In, ios.Out, ios.ErrOut)
	if err != nil {
		return err
	}
	return sum.err()
}

// run reads one item per line from in (blank lines and lines starting with # are skipped),
// handles them on every core and writes each result to out, in input order, as soon as it and
// every result before it are done: when out is not a regular file, what is written is flushed
// whenever the writer would otherwise wait, so a process kept open and fed a line at a time answers
// each line at once. Table output writes line errors to errOut. It returns what it found and the
// first read or write error.
func (b batch) run(in io.Reader, out, errOut io.Writer) (sum batchSummary, err error) {
	// A batch allocates short-lived results at a high rate: collect less often, but within a
	// soft limit (see batchMemoryLimit), unless GOMEMLIMIT sets one.
	defer debug.SetGCPercent(debug.SetGCPercent(400))
	workers := runtime.GOMAXPROCS(0)
	if debug.SetMemoryLimit(-1) == math.MaxInt64 {
		defer debug.SetMemoryLimit(debug.SetMemoryLimit(batchMemoryLimit(workers)))
	}
	b.size = newLineSize(b.lineBytes)
	// Every chunk read is in order until it is written: at most 2 a worker wait, done or not.
	work := make(chan *chunk, workers)
	order := make(chan *chunk, workers*2)
	var wg sync.WaitGroup
	for range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for c := range work {
				b.handleChunk(c)
			}
		}()
	}

	readErr := make(chan error, 1)
	go func() {
		defer close(order)
		defer close(work)
		n := b.lines
		if n <= 0 {
			n = chunkLines
		}
		readErr <- readLines(in, func() int { return b.size.chunkLimit(n) }, func(c *chunk) {
			order <- c
			work <- c
		})
	}()

	bw := bufio.NewWriterSize(out, 64*1024)
	flushIdle := !isRegularFile(out)
	var writeErr error
	flush := func() {
		if writeErr == nil {
			writeErr = bw.Flush()
		}
	}
	for {
		var c *chunk
		var ok bool
		select {
		case c, ok = <-order:
		default:
			if flushIdle {
				flush() // nothing more is coming yet: deliver what is done
			}
			c, ok = <-order
		}
		if !ok {
			break
		}
		select {
		case <-c.done:
		default:
			if flushIdle {
				flush()
			}
			<-c.done
		}
		sum.Lines += c.sum.Lines
		sum.Negative += c.sum.Negative
		sum.Failed += c.sum.Failed
		if c.sum.Worst != nil && (sum.Worst == nil || exitCode(c.sum.Worst) > exitCode(sum.Worst)) {
			sum.Worst = c.sum.Worst
		}
		if writeErr != nil {
			continue
		}
		at := 0
		for _, e := range c.errs {
			_, writeErr = bw.Write(c.out.Bytes()[at:e.at])
			flush()
			at = e.at
			printError(errOut, e.err, "")
		}
		if writeErr == nil {
			_, writeErr = bw.Write(c.out.Bytes()[at:])
		}
		c.out.Reset()
		if c.out.Cap() <= 4*chunkBytes { // keep no buffer a chunk of odd lines made huge
			outBufs.Put(c.out)
		}
		c.out = nil
	}
	wg.Wait()
	flush()
	if e := <-readErr; e != nil {
		return sum, e
	}
	return sum, writeErr
}

// batchMemoryLimit is the soft limit on the Go heap a batch with workers workers runs under. What
// a batch keeps is bounded: the chunks in order (2 a worker, and the one being written), each
// holding about chunkBytes of output (twice that when its buffer has just doubled), and the
// workers' scratch. The GC percent of 400 lets the heap grow to five times that between
// collections, which with 8 workers and 'closest -' (7.5 KB lines) took the process to 168 MB;
// the limit keeps the heap near 64 MiB instead, so the collector runs more often only when many
// workers keep much in flight, and it stays well above what is kept, so it never collects
// without cease.
func batchMemoryLimit(workers int) int64 {
	kept := int64(2*workers+1) * 2 * chunkBytes
	return 48<<20 + 2*kept
}

// readLines reads in line by line (bounded: see safeio.Lines) into chunks and hands each to
// send: when it holds limit() lines, and whenever no complete line is waiting in the buffer (the next read
// could block). A line over safeio.LineLimit is passed on with Err set, so that line fails and
// the batch goes on.
func readLines(in io.Reader, limit func() int, send func(*chunk)) error {
	lr := safeio.NewLines(in, "standard input", safeio.LineLimit)
	n := limit()
	c := &chunk{done: make(chan struct{}), lines: make([]batchLine, 0, n)}
	dispatch := func() {
		if len(c.lines) > 0 {
			send(c)
			n = limit()
			c = &chunk{done: make(chan struct{}), lines: make([]batchLine, 0, n)}
		}
	}
	defer dispatch()
	for lr.Next() {
		if err := lr.LineErr(); err != nil {
			var le *safeio.LimitError
			errors.As(err, &le)
			c.lines = append(c.lines, batchLine{N: lr.Line(), Err: &longLineError{le: le}})
		} else if text := strings.TrimSpace(lr.Text()); text != "" && !strings.HasPrefix(text, "#") {
			c.lines = append(c.lines, batchLine{N: lr.Line(), Text: text})
		}
		if len(c.lines) >= n || !lr.LineWaiting() {
			dispatch()
		}
	}
	return lr.Err()
}

// isRegularFile reports whether w is a regular file, where writes need no prompt flushing.
func isRegularFile(w io.Writer) bool {
	f, ok := underlying(w).(*os.File)
	if !ok {
		return false
	}
	st, err := f.Stat()
	return err == nil && st.Mode().IsRegular()
}

// writeDoc writes v as one JSON line of the contract (what marshalDoc writes, and a newline),
// straight into w's free room, which the chunk has sized for its lines (schema.AppendDoc): a long
// line (closest's 7.5 KB) is not built in a buffer of its own and copied.
func writeDoc(w *bytes.Buffer, v any) error {
	b, err := schema.AppendDoc(w.AvailableBuffer(), v)
	if err != nil {
		return err
	}
	w.Write(append(b, '\n')) // in place when it fits
	return nil
}

// outBufs keeps chunk output buffers for reuse: a batch of many chunks writes into the same few.
var outBufs = sync.Pool{New: func() any { return new(bytes.Buffer) }}

func (b batch) handleChunk(c *chunk) {
	defer close(c.done)
	c.out = outBufs.Get().(*bytes.Buffer)
	c.out.Grow(len(c.lines) * b.size.bytes())
	defer func() { b.size.observe(c.out.Len(), len(c.lines)) }()
	var lines lineFunc
	if b.format == FormatJSONL && b.jsonLine != nil {
		lines = b.jsonLine()
	}
	for i, l := range c.lines {
		if i == 1 && c.out.Available() < c.out.Len()*(len(c.lines)-1) {
			// The first line took more than the measure so far said: room for the rest at once.
			c.out.Grow(c.out.Len() * (len(c.lines) - 1))
		}
		c.sum.Lines++
		var ok bool
		var err error
		switch {
		case l.Err != nil:
			err = l.Err
		case lines != nil:
			ok, err = appendLine(c, lines, l)
		default:
			var v any
			if v, ok, err = safeCall(b.handle, l); err == nil {
				err = b.write(c, l, v)
			}
		}
		if err != nil {
			c.sum.Failed++
			lerr := fmt.Errorf("line %d: %w", l.N, err)
			if c.sum.Worst == nil || exitCode(lerr) > exitCode(c.sum.Worst) {
				c.sum.Worst = lerr
			}
			switch b.format {
			case FormatTable:
				c.errs = append(c.errs, chunkError{at: c.out.Len(), err: lerr})
			case FormatYAML:
				_ = writeYAMLDoc(c.out, lineError(l, err))
			default:
				_ = writeDoc(c.out, lineError(l, err))
			}
			continue
		}
		if !ok {
			c.sum.Negative++
		}
	}
}

// write writes one line's result v to the chunk in the batch's format.
func (b batch) write(c *chunk, l batchLine, v any) error {
	switch b.format {
	case FormatTable:
		return b.table(batchTables{c.out}, l, v)
	case FormatYAML:
		return writeYAMLDoc(c.out, v)
	}
	return writeDoc(c.out, v)
}

// appendLine writes line l with fn into the chunk, as writeDoc writes a document; a panic in fn
// is the line's error (exit 3 for the run), as safeCall makes it.
func appendLine(c *chunk, fn lineFunc, l batchLine) (ok bool, err error) {
	defer func() {
		if r := recover(); r != nil {
			ok, err = false, panicError(r)
		}
	}()
	b, err := schema.AppendDocWith(c.out.AvailableBuffer(), func(b []byte) ([]byte, error) {
		b, ok, err = fn(b, l)
		return b, err
	})
	if err != nil {
		return false, err
	}
	c.out.Write(append(b, '\n')) // in place when it fits
	return ok, nil
}

// safeCall turns a panic in one line's handling into that line's error (exit 3 for the run).
func safeCall(fn batchFunc, l batchLine) (v any, ok bool, err error) {
	defer func() {
		if r := recover(); r != nil {
			err = panicError(r)
		}
	}()
	return fn(l)
}

// panicError is a line's error for a panic in its handling: a bug (exit 3 for the run).
func panicError(r any) error { return &bugError{msg: "internal error: " + toString(r)} }

type bugError struct{ msg string }

func (e *bugError) Error() string { return e.msg }

func toString(v any) string {
	if s, ok := v.(interface{ Error() string }); ok {
		return s.Error()
	}
	if s, ok := v.(string); ok {
		return s
	}
	b, _ := json.Marshal(v)
	return string(b)
}

func lineError(l batchLine, err error) schema.BatchError {
	be := schema.BatchError{Line: l.N, Input: l.Text, Error: err.Error(), Code: exitCode(err), Hint: family.HintOf(err)}
	var ne *notation.Error
	if errors.As(err, &ne) {
		be.Col = ne.Col()
		if be.Hint == "" {
			be.Hint = schema.NotationHint
		}
	}
	return be
}

// batchFormat is how a batch writes its results for the -o format: JSON Lines for json and jsonl,
// a YAML stream for yaml, tables for table.
func batchFormat(output string) string {
	switch output {
	case FormatYAML, FormatTable:
		return output
	}
	return FormatJSONL
}
