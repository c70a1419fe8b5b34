package engine

import (
	"io"
	"strings"

	"github.com/mjref/mjref/family"
	"github.com/mjref/mjref/internal/termtext"
)

// TextPrinter is a family.Printer writing plain text to w: tables as columns (measured in terminal
// cells) separated by two spaces, with no borders and no fitting to a screen. (mjref's commands draw bordered tables that
// fit the terminal.)
func TextPrinter(w io.Writer) family.Printer { return textPrinter{w} }

type textPrinter struct{ io.Writer }

func (p textPrinter) Table(header []string, rows [][]string) error {
	widths := make([]int, len(header))
	all := append([][]string{header}, rows...)
	for _, r := range all {
		for i, c := range r {
			if i < len(widths) {
				widths[i] = max(widths[i], termtext.Width(c))
			}
		}
	}
	for _, r := range all {
		var b strings.Builder
		for i, c := range r {
			if i > 0 {
				b.WriteString("  ")
			}
			b.WriteString(c)
			if i < len(r)-1 && i < len(widths) {
				b.WriteString(strings.Repeat(" ", widths[i]-termtext.Width(c)))
			}
		}
		if _, err := io.WriteString(p, strings.TrimRight(b.String(), " ")+"\n"); err != nil {
			return err
		}
	}
	return nil
}
