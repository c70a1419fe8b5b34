package cmd

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"runtime"
	"runtime/debug"
	"strings"
	"sync"

	"github.com/mjref/mjref/internal/safeio"
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

// readLines calls fn for each line of in that is not blank or a # comment, in order, with its
// number; a line over safeio.LineLimit is passed with Err set. It returns the first read error
// or the first error fn returns.
func readLines(in io.Reader, fn func(batchLine) error) error {
	lr := safeio.NewLines(in, "standard input", safeio.LineLimit)
	for lr.Next() {
		if err := lr.LineErr(); err != nil {
			var le *safeio.LimitError
			errors.As(err, &le)
			if err := fn(batchLine{N: lr.Line(), Err: &longLineError{le: le}}); err != nil {
				return err
			}
			continue
		}
		t := strings.TrimSpace(lr.Text())
		if t == "" || strings.HasPrefix(t, "#") {
			continue
		}
		if err := fn(batchLine{N: lr.Line(), Text: t}); err != nil {
			return err
		}
	}
	return lr.Err()
}

// batchError is the JSON object written for a line that failed.
type batchError struct {
	Line  int    `json:"input_line"`
	Input string `json:"input"`
	Error string `json:"error"`
	Code  int    `json:"code"`
	Col   int    `json:"col,omitempty"`
}

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
	return fmt.Sprintf("%d line(s) failed; the first worst: %v", e.n, e.worst)
}
func (e *batchFailed) Unwrap() error { return e.worst }

// chunk is a run of lines handled by one worker; results are written in input order.
// jsonAppender is a value that writes its own JSON, as encoding/json would, without reflection.
type jsonAppender interface {
	AppendJSON(b []byte) []byte
}

type chunk struct {
	buf   []byte
	lines []batchLine
	out   bytes.Buffer
	sum   batchSummary
	done  chan struct{}
}

const chunkLines = 512

// batchResult runs a batch from ios.In to ios.Out (see runBatch) and returns the command's result:
// a read or write error, else the summary's (see batchSummary.err).
func batchResult(ios *IOStreams, fn batchFunc) error {
	sum, err := runBatch(ios.In, ios.Out, fn)
	if err != nil {
		return err
	}
	return sum.err()
}

// runBatch reads one item per line from in (blank lines and lines starting with # are skipped),
// handles them on every core and writes one JSON object per line to out, in input order.
// It returns what it found and the first read or write error.
func runBatch(in io.Reader, out io.Writer, fn batchFunc) (sum batchSummary, err error) {
	// A batch allocates short-lived results at a high rate: collect less often.
	defer debug.SetGCPercent(debug.SetGCPercent(400))
	workers := runtime.GOMAXPROCS(0)
	work := make(chan *chunk, workers*2)
	order := make(chan *chunk, workers*4)
	var wg sync.WaitGroup
	for range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for c := range work {
				handleChunk(c, fn)
			}
		}()
	}

	readErr := make(chan error, 1)
	go func() {
		defer close(order)
		defer close(work)
		c := &chunk{done: make(chan struct{})}
		err := readLines(in, func(l batchLine) error {
			c.lines = append(c.lines, l)
			if len(c.lines) == chunkLines {
				order <- c
				work <- c
				c = &chunk{done: make(chan struct{})}
			}
			return nil
		})
		if len(c.lines) > 0 {
			order <- c
			work <- c
		}
		readErr <- err
	}()

	bw := bufio.NewWriterSize(out, 64*1024)
	var writeErr error
	for c := range order {
		<-c.done
		sum.Lines += c.sum.Lines
		sum.Negative += c.sum.Negative
		sum.Failed += c.sum.Failed
		if c.sum.Worst != nil && (sum.Worst == nil || exitCode(c.sum.Worst) > exitCode(sum.Worst)) {
			sum.Worst = c.sum.Worst
		}
		if writeErr == nil {
			_, writeErr = bw.Write(c.out.Bytes())
		}
	}
	wg.Wait()
	if e := bw.Flush(); writeErr == nil {
		writeErr = e
	}
	if e := <-readErr; e != nil {
		return sum, e
	}
	return sum, writeErr
}

func handleChunk(c *chunk, fn batchFunc) {
	defer close(c.done)
	c.out.Grow(len(c.lines) * 640)
	enc := json.NewEncoder(&c.out)
	enc.SetEscapeHTML(false)
	for _, l := range c.lines {
		c.sum.Lines++
		v, ok, err := safeCall(fn, l)
		if l.Err != nil {
			v, ok, err = nil, false, l.Err
		}
		if err == nil {
			if a, fast := v.(jsonAppender); fast {
				c.buf = append(a.AppendJSON(c.buf[:0]), '\n')
				c.out.Write(c.buf)
			} else {
				err = enc.Encode(v)
			}
		}
		if err != nil {
			c.sum.Failed++
			if c.sum.Worst == nil || exitCode(err) > exitCode(c.sum.Worst) {
				c.sum.Worst = fmt.Errorf("line %d: %w", l.N, err)
			}
			_ = enc.Encode(lineError(l, err))
			continue
		}
		if !ok {
			c.sum.Negative++
		}
	}
}

// safeCall turns a panic in one line's handling into that line's error (exit 3 for the run).
func safeCall(fn batchFunc, l batchLine) (v any, ok bool, err error) {
	defer func() {
		if r := recover(); r != nil {
			err = &bugError{msg: "internal error: " + toString(r)}
		}
	}()
	return fn(l)
}

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

func lineError(l batchLine, err error) batchError {
	be := batchError{Line: l.N, Input: l.Text, Error: err.Error(), Code: exitCode(err)}
	var ne *notation.Error
	if errors.As(err, &ne) {
		be.Col = ne.Col()
	}
	return be
}
