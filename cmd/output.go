package cmd

import (
	"encoding/json"
	"fmt"
	"io"
	"slices"
	"strings"

	"github.com/mjref/mjref/internal/asciitable"
	"github.com/mjref/mjref/internal/termtext"
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

// render writes v in the chosen machine format; table output is done by the caller.
func render(w io.Writer, format string, v any) error {
	switch format {
	case FormatJSON:
		enc := json.NewEncoder(w)
		enc.SetIndent("", "  ")
		enc.SetEscapeHTML(false)
		return enc.Encode(v)
	case FormatJSONL:
		enc := json.NewEncoder(w)
		enc.SetEscapeHTML(false)
		return enc.Encode(v)
	case FormatYAML:
		return writeYAML(w, v)
	}
	return fmt.Errorf("render: format %q is not a machine format", format)
}

// table renders rows under a header, with ASCII borders and headers as written, so golden output
// is stable (see internal/asciitable). Every cell is escaped (termtext.Escape) first: cells hold
// names and notes from users and files, and escaping before the table measures them keeps the
// columns aligned.
func table(w io.Writer, header []string, rows [][]string) error {
	header = slices.Clone(header)
	for i, h := range header {
		header[i] = termtext.Escape(h) // a ledger's history names its players in the header
	}
	esc := make([][]string, len(rows))
	for i, r := range rows {
		esc[i] = make([]string, len(r))
		for j, c := range r {
			esc[i][j] = termtext.Escape(c)
		}
	}
	return asciitable.Write(w, header, esc)
}

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
