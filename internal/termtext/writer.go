package termtext

import (
	"io"
	"unicode/utf8"
)

// Writer escapes, as Escape does, everything written through it except line breaks and tabs,
// which a terminal shows as layout. It is the safety net under a command's human output:
// text that reaches it unescaped (a name inside a plain line) is escaped on the way out, and
// text escaped before (a table cell) passes unchanged. A character split across two writes is
// held until the second; Flush writes out anything still held.
type Writer struct {
	w       io.Writer
	pending []byte // the start of a UTF-8 sequence the last write ended in
	buf     []byte
}

// NewWriter returns a Writer that writes to w.
func NewWriter(w io.Writer) *Writer { return &Writer{w: w} }

// Write escapes p and writes it. It reports len(p) written when the underlying write succeeds.
func (t *Writer) Write(p []byte) (int, error) {
	n := len(p)
	if len(t.pending) > 0 {
		p = append(t.pending, p...)
		t.pending = nil
	}
	// Hold back an incomplete UTF-8 sequence at the end for the next write.
	if cut := incompleteTail(p); cut < len(p) {
		t.pending = append([]byte(nil), p[cut:]...)
		p = p[:cut]
	}
	t.buf = appendEscaped(t.buf[:0], p)
	if _, err := t.w.Write(t.buf); err != nil {
		return 0, err
	}
	return n, nil
}

// Flush writes out a held incomplete character, escaped as bytes that are not UTF-8.
func (t *Writer) Flush() error {
	if len(t.pending) == 0 {
		return nil
	}
	p := t.pending
	t.pending = nil
	_, err := t.w.Write(appendEscaped(nil, p))
	return err
}

// incompleteTail returns where an incomplete (but so far valid) UTF-8 sequence at the end of p
// starts, or len(p).
func incompleteTail(p []byte) int {
	for i := len(p) - 1; i >= 0 && i >= len(p)-utf8.UTFMax+1; i-- {
		c := p[i]
		if c < utf8.RuneSelf {
			return len(p)
		}
		if utf8.RuneStart(c) {
			if !utf8.FullRune(p[i:]) {
				return i
			}
			return len(p)
		}
	}
	return len(p)
}

func appendEscaped(dst, p []byte) []byte {
	start := 0
	for i := 0; i < len(p); {
		c := p[i]
		if c == '\n' || c == '\t' || (c >= 0x20 && c < 0x7f) {
			i++
			continue
		}
		r, size := utf8.DecodeRune(p[i:])
		if c < utf8.RuneSelf || (r == utf8.RuneError && size == 1) || unsafe(r) {
			dst = append(dst, p[start:i]...)
			dst = append(dst, Escape(string(p[i:i+size]))...)
			start = i + size
		}
		i += size
	}
	return append(dst, p[start:]...)
}
