package safeio

import (
	"bufio"
	"bytes"
	"errors"
	"io"
)

// Lines reads a stream one line at a time with a cap on each line, counting lines from 1. A line
// over the cap is reported as a *LimitError naming it, and the reader skips to the next line, so
// a batch can report that line and go on. Unlike bufio.Scanner it never fails the whole stream
// for one long line. Lines ends in "\n" or "\r\n" (both removed); the last line needs neither.
// A UTF-8 byte order mark at the start of the stream is removed too.
type Lines struct {
	r     *bufio.Reader
	name  string
	limit int
	n     int
	text  string
	err   error
	buf   []byte // reused for each line's bytes, which Text copies
}

// NewLines reads r, which errors call name ("standard input"), with lines of at most limit bytes
// (not counting the line ending).
func NewLines(r io.Reader, name string, limit int) *Lines {
	size := min(limit+2, 64<<10)
	return &Lines{r: bufio.NewReaderSize(r, max(size, 16)), name: name, limit: limit}
}

// Next reads the next line. It returns false at the end of the input or on a read error (see
// Err). For a line over the limit it returns true with LineErr set and Text empty; the line's
// bytes are skipped, never held. The loop is:
//
//	for l.Next() {
//		if err := l.LineErr(); err != nil { report(l.Line(), err); continue }
//		use(l.Line(), l.Text())
//	}
//	if err := l.Err(); err != nil { ... }
func (l *Lines) Next() bool {
	if l.err != nil && !isLineErr(l.err) {
		return false
	}
	l.err, l.text = nil, ""
	buf := l.buf[:0]
	over := false
	for {
		chunk, err := l.r.ReadSlice('\n')
		if !over {
			if len(buf)+len(chunk) > l.limit+2 { // room for "\r\n"
				over, buf = true, nil
			} else {
				buf = append(buf, chunk...)
			}
		}
		if errors.Is(err, bufio.ErrBufferFull) {
			continue
		}
		if err != nil && !errors.Is(err, io.EOF) {
			l.err = err
			return false
		}
		atEOF := err != nil
		if atEOF && len(chunk) == 0 && len(buf) == 0 && !over {
			return false // clean end: no partial last line
		}
		l.n++
		if !over && cap(buf) <= 64<<10 { // a long line's buffer is not kept
			l.buf = buf[:0]
		}
		if !over {
			buf = bytes.TrimSuffix(buf, []byte("\n"))
			buf = bytes.TrimSuffix(buf, []byte("\r"))
			if l.n == 1 {
				buf = bytes.TrimPrefix(buf, []byte("\xef\xbb\xbf")) // a file saved by Notepad
			}
			over = len(buf) > l.limit
		}
		if over {
			l.err = &LimitError{Name: l.name, Line: l.n, Limit: int64(l.limit)}
			return true
		}
		l.text = string(buf)
		return true
	}
}

func isLineErr(err error) bool {
	if err == nil { // every line but a long one: no errors.As, whose target escapes
		return false
	}
	var le *LimitError
	return errors.As(err, &le)
}

// Text is the line Next read, without its line ending; "" for a line over the limit.
func (l *Lines) Text() string { return l.text }

// Line is the 1-based number of the line Next read.
func (l *Lines) Line() int { return l.n }

// LineErr is the *LimitError for the line Next read when it is over the limit, else nil. Next
// can be called again after it: the next line is read as usual.
func (l *Lines) LineErr() error {
	if isLineErr(l.err) {
		return l.err
	}
	return nil
}

// LineWaiting reports whether a whole next line is already buffered, so Next will not block on
// a read: a caller fed one line at a time (a pipe kept open) can answer what it has first.
func (l *Lines) LineWaiting() bool {
	b, _ := l.r.Peek(l.r.Buffered())
	return bytes.IndexByte(b, '\n') >= 0
}

// Err is the read error that stopped Next, or nil at a clean end of input.
func (l *Lines) Err() error {
	if isLineErr(l.err) {
		return nil
	}
	return l.err
}
