package cmd

import (
	"bytes"
	"io"
	"strings"

	"github.com/mjref/mjref/internal/tablefit"
	"github.com/spf13/cobra"
)

// wrapHelp makes help fit the terminal (or COLUMNS, or 80): a line wider than width wraps at a
// space, its continuation indented under the text the line describes (a flag's or a ruleset's
// description, "  hk, hk-oldstyle   Hong Kong faan: ..."). --wide leaves help as it is written.
func (f *factory) wrapHelp(root *cobra.Command) {
	help := root.HelpFunc()
	root.SetHelpFunc(func(c *cobra.Command, args []string) {
		fillLong(c)
		width := f.IO.Width
		if width <= 0 || f.Wide {
			help(c, args)
			return
		}
		var buf bytes.Buffer
		out := c.OutOrStdout()
		c.SetOut(&buf)
		help(c, args)
		c.SetOut(out)
		_, _ = io.WriteString(out, wrapText(buf.String(), width))
	})
}

// wrapText wraps each line of s wider than width (see wrapLine). What a wrapped line carries over
// is joined to the next line when that line goes on the same paragraph (it is indented as the
// carry is, and is not blank), so a paragraph written wider than the screen reads as one.
func wrapText(s string, width int) string {
	lines := strings.Split(s, "\n")
	var out []string
	for i := 0; i < len(lines); i++ {
		parts := wrapLine(lines[i], width)
		for len(parts) > 1 && i+1 < len(lines) {
			carry := parts[len(parts)-1]
			next := lines[i+1]
			ci, ni := indentOf(carry), indentOf(next)
			if strings.TrimSpace(next) == "" || ni != ci || strings.HasPrefix(strings.TrimSpace(next), "-") {
				break
			}
			out = append(out, parts[:len(parts)-1]...)
			i++
			parts = wrapLine(carry+" "+strings.TrimLeft(next, " "), width)
		}
		out = append(out, parts...)
	}
	return strings.Join(out, "\n")
}

func indentOf(s string) int { return len(s) - len(strings.TrimLeft(s, " ")) }

// wrapLine breaks a line wider than width at spaces (or after a '|' in a list of values). The continuation is indented to where the
// line's text starts after a gap of two or more spaces in its first half (a description column),
// else to the line's own indent. A word wider than the room is left whole.
func wrapLine(line string, width int) []string {
	if tablefit.Width(line) <= width {
		return []string{line}
	}
	lead := len(line) - len(strings.TrimLeft(line, " "))
	indent := lead
	if i := strings.Index(line[lead:], "  "); i > 0 {
		j := lead + i
		for j < len(line) && line[j] == ' ' {
			j++
		}
		if col := tablefit.Width(line[:j]); col <= width/2 && j < len(line) {
			indent = col
		}
	}
	pad := strings.Repeat(" ", indent)
	var out []string
	cur := line
	for tablefit.Width(cur) > width {
		cut := -1
		for i := len(cur) - 1; i > indent; i-- {
			// At a space, or after a '|' of a list of values (discard|self-draw|...).
			if (cur[i] == ' ' || cur[i-1] == '|') && tablefit.Width(cur[:i]) <= width {
				cut = i
				break
			}
		}
		if cut < 0 {
			break // one long word: keep it whole
		}
		out = append(out, strings.TrimRight(cur[:cut], " "))
		cur = pad + strings.TrimLeft(cur[cut:], " ")
	}
	return append(out, cur)
}
