// Package logbuf gathers a server's log lines and writes them a batch at a time. A request log
// written a line per system call cost mjref serve about a tenth of its CPU under load; gathered,
// the lines of a busy tenth of a second go out in one write. A line waits at most Delay, a record
// at warning level or above goes out at once (FlushAbove), and Close writes what is left.
package logbuf

import (
	"context"
	"io"
	"log/slog"
	"sync"
	"time"
)

const (
	// Delay is the longest a line waits before it is written.
	Delay = 100 * time.Millisecond
	// Size is how much is gathered before it is written without waiting for Delay.
	Size = 32 << 10
)

// Writer gathers what is written to it and writes it on to w within Delay. It is safe for
// concurrent use. After Close it writes straight through.
type Writer struct {
	mu      sync.Mutex
	w       io.Writer
	buf     []byte
	pending bool // a flush is scheduled
	closed  bool
	delay   time.Duration
}

// New returns a Writer writing to w.
func New(w io.Writer) *Writer { return &Writer{w: w, delay: Delay} }

// Write gathers p. It returns the error of an earlier write to w only when p fills the buffer
// and is written at once.
func (b *Writer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	if b.closed {
		return b.w.Write(p)
	}
	b.buf = append(b.buf, p...)
	if len(b.buf) >= Size {
		return len(p), b.flushLocked()
	}
	if !b.pending {
		b.pending = true
		time.AfterFunc(b.delay, b.timed)
	}
	return len(p), nil
}

// Flush writes what is gathered.
func (b *Writer) Flush() error {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.flushLocked()
}

// Close writes what is gathered; later writes go straight to w.
func (b *Writer) Close() error {
	b.mu.Lock()
	defer b.mu.Unlock()
	b.closed = true
	return b.flushLocked()
}

func (b *Writer) timed() {
	b.mu.Lock()
	defer b.mu.Unlock()
	b.pending = false
	_ = b.flushLocked() // a log that cannot be written is dropped, as slog drops it
}

func (b *Writer) flushLocked() error {
	if len(b.buf) == 0 {
		return nil
	}
	_, err := b.w.Write(b.buf)
	if cap(b.buf) > 4*Size { // one very long line: do not keep its buffer
		b.buf = nil
	} else {
		b.buf = b.buf[:0]
	}
	return err
}

// FlushAbove wraps h so that a record at level or above is written at once, with what was
// gathered before it: an error is not left waiting behind a tenth of a second of requests.
func FlushAbove(h slog.Handler, w *Writer, level slog.Level) slog.Handler {
	return &flushing{Handler: h, w: w, level: level}
}

type flushing struct {
	slog.Handler
	w     *Writer
	level slog.Level
}

func (f *flushing) Handle(ctx context.Context, r slog.Record) error {
	err := f.Handler.Handle(ctx, r)
	if r.Level >= f.level {
		if ferr := f.w.Flush(); err == nil {
			err = ferr
		}
	}
	return err
}

func (f *flushing) WithAttrs(as []slog.Attr) slog.Handler {
	return &flushing{Handler: f.Handler.WithAttrs(as), w: f.w, level: f.level}
}

func (f *flushing) WithGroup(name string) slog.Handler {
	return &flushing{Handler: f.Handler.WithGroup(name), w: f.w, level: f.level}
}
