// Package twtable draws the tables people read with tablewriter v1: ASCII borders (StyleASCII), a
// header row as written and left-aligned, cells padded to the widest in their column, no wrapping of
// its own (a table is fitted to the terminal before it is drawn: see internal/tablefit).
//
// tablewriter measures text rune by rune (twwidth.Width), so it takes 👨‍👩‍👧 for 6 columns where a
// terminal, and the rest of mjref (termtext.Width), draws 2; and it makes ambiguous characters wide
// when the locale is Chinese, Japanese or Korean (RUNEWIDTH_EASTASIAN, LANG), so the same table would
// come out differently from one shell to the next. tablewriter takes no measure of ours, so a Writer
// hands it each grapheme the two measures disagree on as a stand-in of private-use characters as
// wide as termtext says (one column each for tablewriter), and puts the grapheme back in the drawn
// table; and the package sets tablewriter's measure to narrow once. A table is then exactly as
// wide as termtext.Width measures, whatever the locale.
package twtable

import (
	"bytes"
	"io"
	"reflect"
	"strings"
	"sync"
	"unicode/utf8"

	"github.com/clipperhouse/displaywidth"
	"github.com/olekukonko/tablewriter"
	"github.com/olekukonko/tablewriter/pkg/twwidth"
	"github.com/olekukonko/tablewriter/tw"
)

// Writer draws tables with one tablewriter table, reset between tables. It is not safe for
// concurrent use: Write takes one from a pool.
type Writer struct {
	tbl *tablewriter.Table
	buf bytes.Buffer

	// The graphemes standing in for tokens in the table being drawn: token k is rune tokenBase+k
	// written as many times as the grapheme is wide.
	masked []string
	widths []int
	index  map[string]int
	header []string
	rows   [][]string
}

// tokenBase is the first rune of the stand-ins: plane 15's private-use area, which tablewriter measures
// one column each. Input graphemes holding a rune of this plane are themselves replaced by tokens,
// so every such rune in a drawn table is a token.
const (
	tokenBase = 0xF0000
	tokenMax  = 0xFFFFD
)

// NewWriter returns a Writer.
func NewWriter() *Writer {
	w := &Writer{}
	w.tbl = tablewriter.NewTable(&w.buf,
		tablewriter.WithRendition(tw.Rendition{Symbols: tw.NewSymbols(tw.StyleASCII)}),
		tablewriter.WithHeaderAutoFormat(tw.Off),
		tablewriter.WithHeaderAlignment(tw.AlignLeft),
		tablewriter.WithRowAutoWrap(tw.WrapNone),
		tablewriter.WithHeaderAutoWrap(tw.WrapNone),
		// Cells are strings, never Stringers: no cache of stringer lookups. (Reset purges the
		// default one by allocating its map afresh, 430 KB: most of what a reused table cost.)
		tablewriter.WithStringerCacheCustom(noCache{}),
	)
	return w
}

// noCache is a stringer cache that holds nothing.
type noCache struct{}

func (noCache) Add(reflect.Type, reflect.Value) bool           { return false }
func (noCache) Get(reflect.Type) (v reflect.Value, found bool) { return v, false }
func (noCache) Purge()                                         {}

var pool = sync.Pool{New: func() any { return NewWriter() }}

// Write draws rows under header to out. Cells are trimmed of surrounding white space; a cell with
// line breaks takes a line of the table for each of its lines; a short row is padded with empty
// cells; no header (nil) draws none.
func Write(out io.Writer, header []string, rows [][]string) error {
	w := pool.Get().(*Writer)
	defer pool.Put(w)
	return w.Write(out, header, rows)
}

// Write draws rows under header to out (see the package function Write).
func (w *Writer) Write(out io.Writer, header []string, rows [][]string) error {
	b, err := w.Append(nil, header, rows)
	if err != nil {
		return err
	}
	_, err = out.Write(b)
	return err
}

// Append draws the table as Write does, appending it to b.
func (w *Writer) Append(b []byte, header []string, rows [][]string) ([]byte, error) {
	cols := len(header)
	for _, r := range rows {
		cols = max(cols, len(r))
	}
	if cols == 0 {
		return b, nil
	}
	// tablewriter's measure is global and set from the locale when it starts (ambiguous characters
	// such as ± and Ω wide under RUNEWIDTH_EASTASIAN=1 or a CJK LANG): narrow, as termtext measures.
	// SetOptions does nothing when it is so already.
	twwidth.SetOptions(twwidth.Options{})
	w.reset()
	header, rows = w.mask(header, rows)
	t := w.tbl
	t.Reset()
	w.buf.Reset()
	if len(header) > 0 {
		t.Header(header)
	}
	for _, r := range rows {
		if err := t.Append(r); err != nil {
			return b, err
		}
	}
	if err := t.Render(); err != nil {
		return b, err
	}
	return w.unmask(b, w.buf.Bytes()), nil
}

func (w *Writer) reset() {
	w.masked, w.widths = w.masked[:0], w.widths[:0]
	clear(w.index)
}

// mask returns header and rows with each grapheme the measures disagree on replaced by its token;
// the inputs are returned as they are when none does, and are never changed.
func (w *Writer) mask(header []string, rows [][]string) ([]string, [][]string) {
	if !w.needsMask(header) && !w.anyNeedsMask(rows) {
		return header, rows
	}
	w.header = w.maskRow(w.header[:0], header)
	w.rows = w.rows[:0]
	for _, r := range rows {
		w.rows = append(w.rows, w.maskRow(nil, r))
	}
	if len(w.masked) > tokenMax-tokenBase {
		panic("twtable: too many distinct wide graphemes in one table")
	}
	return w.header, w.rows
}

func (w *Writer) anyNeedsMask(rows [][]string) bool {
	for _, r := range rows {
		if w.needsMask(r) {
			return true
		}
	}
	return false
}

// needsMask reports whether a cell of r holds a grapheme the measures may disagree on: anything not
// printable ASCII (checked exactly by maskCell).
func (w *Writer) needsMask(r []string) bool {
	for _, c := range r {
		for i := 0; i < len(c); i++ {
			if c[i] >= utf8.RuneSelf {
				return true
			}
		}
	}
	return false
}

func (w *Writer) maskRow(dst, r []string) []string {
	for _, c := range r {
		dst = append(dst, w.maskCell(c))
	}
	return dst
}

// maskCell replaces the graphemes of c that tablewriter measures otherwise than termtext, or that
// hold a rune of the tokens' plane, by their tokens.
func (w *Writer) maskCell(c string) string {
	var b strings.Builder
	done := 0 // c[:done] is in b, or b is empty and nothing is replaced yet
	at := 0
	g := displaywidth.StringGraphemes(c)
	for g.Next() {
		v := g.Value()
		start := at
		at += len(v)
		gw := g.Width()
		if gw == runeWidth(v) && !hasTokenRune(v) {
			continue
		}
		if gw == 0 {
			gw = 1 // never so for what termtext.Escape lets through; one column rather than lose it
		}
		k, ok := w.index[v]
		if !ok {
			if w.index == nil {
				w.index = make(map[string]int)
			}
			k = len(w.masked)
			w.index[v] = k
			w.masked = append(w.masked, v)
			w.widths = append(w.widths, gw)
		}
		b.WriteString(c[done:start])
		for range w.widths[k] {
			b.WriteRune(tokenBase + rune(k))
		}
		done = at
	}
	if done == 0 {
		return c
	}
	b.WriteString(c[done:])
	return b.String()
}

// runeWidth is s as tablewriter measures it with narrow ambiguous characters: rune by rune.
func runeWidth(s string) int {
	n := 0
	for _, r := range s {
		if r == '\t' {
			return -1 // tablewriter widens tabs by the editor's settings: never let it see one
		}
		n += displaywidth.Rune(r)
	}
	return n
}

func hasTokenRune(s string) bool {
	for _, r := range s {
		if r >= tokenBase && r <= tokenMax {
			return true
		}
	}
	return false
}

// unmask appends table to b with each token put back as its grapheme.
func (w *Writer) unmask(b, table []byte) []byte {
	if len(w.masked) == 0 {
		return append(b, table...)
	}
	for len(table) > 0 {
		r, size := utf8.DecodeRune(table)
		if r < tokenBase || r >= tokenBase+rune(len(w.masked)) {
			b = append(b, table[:size]...)
			table = table[size:]
			continue
		}
		k := int(r - tokenBase)
		b = append(b, w.masked[k]...)
		table = table[size*w.widths[k]:]
	}
	return b
}
