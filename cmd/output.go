package cmd

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"slices"
	"strings"

	"github.com/mjref/mjref/internal/asciitable"
	"github.com/mjref/mjref/internal/tablefit"
	"github.com/mjref/mjref/internal/termtext"
	"github.com/mjref/mjref/internal/twtable"
	"github.com/mjref/mjref/schema"
)

// Output formats.
const (
	FormatTable = "table"
	FormatJSON  = "json"
	FormatYAML  = "yaml"
	FormatJSONL = "jsonl"
)

var outputFormats = []string{FormatTable, FormatJSON, FormatYAML, FormatJSONL}

// enumFlag is a string flag that accepts only listed values and completes them.
type enumFlag struct {
	value   *string
	allowed []string
}

func (e *enumFlag) String() string { return *e.value }
func (e *enumFlag) Type() string   { return "string" }
func (e *enumFlag) Set(s string) error {
	if !slices.Contains(e.allowed, s) {
		return fmt.Errorf("valid values are %s", strings.Join(e.allowed, "|"))
	}
	*e.value = s
	return nil
}

// SchemaVersion is the version of the JSON contract (schema/), written first in every JSON and YAML
// document mjref prints as "schema_version" (see schema.Version).
const SchemaVersion = schema.Version

// marshalDoc encodes v as one JSON document of the contract (see schema.Marshal).
func marshalDoc(v any) ([]byte, error) { return schema.Marshal(v) }

// render writes v in the chosen machine format; table output is done by the caller. Every
// document is an object whose first field is schema_version.
func render(w io.Writer, format string, v any) error {
	switch format {
	case FormatJSON:
		b, err := marshalDoc(v)
		if err != nil {
			return err
		}
		var out bytes.Buffer
		if err := json.Indent(&out, b, "", "  "); err != nil {
			return err
		}
		out.WriteByte('\n')
		_, err = w.Write(out.Bytes())
		return err
	case FormatJSONL:
		b, err := marshalDoc(v)
		if err != nil {
			return err
		}
		_, err = w.Write(append(b, '\n'))
		return err
	case FormatYAML:
		return writeYAML(w, v)
	}
	return fmt.Errorf("render: format %q is not a machine format", format)
}

// table renders rows under a header, with ASCII borders and headers as written, so golden output
// is stable: drawn by tablewriter (internal/twtable), or for each line of a batch by the
// hand-written internal/asciitable, which draws the same bytes (see batchTables). Every cell is
// escaped (termtext.Escape) first: cells hold names and notes from users and files, and escaping
// before the table measures them keeps the columns aligned. Written to a fitWriter (a terminal, or COLUMNS set), long text columns then wrap
// to fit its width, and a table too wide even then is laid out as vertical records.
func table(w io.Writer, header []string, rows [][]string) error {
	esc := make([][]string, len(rows))
	for i, r := range rows {
		esc[i] = make([]string, len(r))
		for j, c := range r {
			esc[i][j] = termtext.Escape(c)
		}
	}
	return writeTable(w, header, esc)
}

// tableLines is table for cells of several lines: each line is escaped on its own, and the
// lines of a cell are drawn one under the other.
func tableLines(w io.Writer, header []string, rows [][][]string) error {
	return writeTable(w, header, escapeCells(rows))
}

// escapeCells escapes every line of every cell and joins a cell's lines with "\n", as
// tablefit and asciitable read them.
func escapeCells(rows [][][]string) [][]string {
	esc := make([][]string, len(rows))
	for i, r := range rows {
		esc[i] = make([]string, len(r))
		for j, c := range r {
			lines := make([]string, len(c))
			for k, l := range c {
				lines[k] = termtext.Escape(l)
			}
			esc[i][j] = strings.Join(lines, "\n")
		}
	}
	return esc
}

// writeTable draws rows whose cells are escaped already (see table).
func writeTable(w io.Writer, header []string, esc [][]string) error {
	header = slices.Clone(header)
	for i, h := range header {
		header[i] = termtext.Escape(h) // a ledger's history names its players in the header
	}
	switch w := w.(type) {
	case batchTables:
		w.Write(asciitable.Append(w.AvailableBuffer(), header, esc)) // in place when it fits
		return nil
	case *fitWriter:
		h, r, fits := tablefit.Fit(header, esc, w.width)
		if !fits {
			return tablefit.Vertical(w, header, esc, w.width)
		}
		header, esc = h, r
	}
	return twtable.Write(w, header, esc)
}

// batchTables is a batch's output in table format, where each line's tables are drawn by the
// hand-written internal/asciitable: a reused tablewriter table costs 30-60 times its CPU a table
// (go test ./internal/twtable -run - -bench ScoreTable -benchmem -cpu 1, a scored hand's table:
// 165-519 µs and 1,243 allocations against 4.5-17 µs and none, 2 cores at load 10-20), and with it
// 'mjref score -' scored 8,600-12,600 hands per CPU-second against 77,000-79,000
// (BenchmarkBatchScoreHKTable -cpu 1, CPU time of the run, three interleaved pairs): short of the
// batch's 50,000 hands a second on one core. asciitable's tests check it draws tablewriter's bytes.
type batchTables struct{ *bytes.Buffer }

// renderResult writes a command's result v in the chosen format (a table drawn by tableFn) and then
// returns errNegative (exit 1) when the verdict ok is no.
func renderResult[V any](w io.Writer, format string, v V, tableFn func(io.Writer, V) error, ok bool) error {
	var err error
	if format != FormatTable {
		err = render(w, format, v)
	} else {
		err = tableFn(w, v)
	}
	if err != nil {
		return err
	}
	if !ok {
		return errNegative
	}
	return nil
}

// joinText writes each of xs in its text form, separated by sep.
func joinText[T fmt.Stringer](xs []T, sep string) string {
	parts := make([]string, len(xs))
	for i, x := range xs {
		parts[i] = x.String()
	}
	return strings.Join(parts, sep)
}

// fitWriter is output for people that must fit width columns: tables written to it are fitted (see table),
// and each "label: value" line wider than the width is wrapped under its value (tablefit.Reflow). Other
// lines pass as they are. It holds back at most one unfinished line until Flush.
type fitWriter struct {
	w     io.Writer
	width int
	buf   []byte
}

func (f *fitWriter) Write(p []byte) (int, error) {
	f.buf = append(f.buf, p...)
	start := 0
	for {
		i := bytes.IndexByte(f.buf[start:], '\n')
		if i < 0 {
			break
		}
		if err := f.writeLine(string(f.buf[start : start+i])); err != nil {
			return 0, err
		}
		start += i + 1
	}
	f.buf = f.buf[:copy(f.buf, f.buf[start:])]
	return len(p), nil
}

func (f *fitWriter) writeLine(line string) error {
	if tablefit.Width(line) <= f.width {
		_, err := io.WriteString(f.w, line+"\n")
		return err
	}
	_, err := io.WriteString(f.w, strings.Join(tablefit.Reflow(line, f.width), "\n")+"\n")
	return err
}

// Flush writes an unfinished last line as it is.
func (f *fitWriter) Flush() error {
	if len(f.buf) == 0 {
		return nil
	}
	_, err := f.w.Write(f.buf)
	f.buf = f.buf[:0]
	return err
}

// fitOutput makes the streams fit their widths; --wide and machine formats leave them as they are. It
// returns a function that flushes them.
func fitOutput(ios *IOStreams) (flush func()) {
	var fws []*fitWriter
	if ios.Width > 0 {
		if _, done := ios.Out.(*fitWriter); !done {
			fw := &fitWriter{w: ios.Out, width: ios.Width}
			ios.Out = fw
			fws = append(fws, fw)
		}
	}
	if ios.ErrWidth > 0 {
		if _, done := ios.ErrOut.(*fitWriter); !done {
			fw := &fitWriter{w: ios.ErrOut, width: ios.ErrWidth}
			ios.ErrOut = fw
			fws = append(fws, fw)
		}
	}
	return func() {
		for _, fw := range fws {
			_ = fw.Flush()
		}
	}
}

// rawWriter returns the writer under w for output that must never be reflowed (a file printed as it is).
func rawWriter(w io.Writer) io.Writer {
	if fw, ok := w.(*fitWriter); ok {
		_ = fw.Flush()
		return fw.w
	}
	return w
}
