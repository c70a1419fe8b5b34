package cmd

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/mjref/mjref/internal/filewrite"
	"github.com/spf13/cobra"
	"github.com/spf13/pflag"
)

// newManCmd writes a man page for every command (section 1) and every help topic (section 7).
func newManCmd(f *factory) *cobra.Command {
	return &cobra.Command{
		Use:   "man DIR",
		Short: "Write a man page for every command and help topic into DIR",
		Long: `Write a man page for mjref and each of its commands (section 1: mjref.1, mjref-score.1,
mjref-ledger-add.1, ...) and for each help topic (section 7: mjref-notation.7, mjref-exit-codes.7, ...)
into DIR, which is made if it does not exist. Each page is titled by its command or topic.

  mjref man ./man && man ./man/mjref-score.1
  sudo mjref man /usr/local/share/man/man1`,
		Args: cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			dir := args[0]
			if err := os.MkdirAll(dir, 0o755); err != nil {
				return withHint(fmt.Errorf("man: %w", err), "give a directory you can write to")
			}
			n, err := writeManPages(cmd.Root(), dir, manHeader{Date: manDate(), Source: "mjref " + buildVersion().Version})
			if err != nil {
				return fmt.Errorf("man: %w", err)
			}
			_, err = fmt.Fprintf(f.IO.Out, "man:      %s in %s\n", plural(n, "page"), dir)
			return err
		},
	}
}

// manHeader is what every page's .TH line carries besides its title and section.
type manHeader struct {
	Date   string // YYYY-MM-DD
	Source string // "mjref 1.2.0"
}

// manDate is the build's date when the build is stamped, else SOURCE_DATE_EPOCH's, else today's
// (UTC), as YYYY-MM-DD.
func manDate() string {
	if t := buildVersion().Time; len(t) >= 10 {
		return t[:10]
	}
	if s := os.Getenv("SOURCE_DATE_EPOCH"); s != "" {
		var sec int64
		if _, err := fmt.Sscan(s, &sec); err == nil {
			return time.Unix(sec, 0).UTC().Format(time.DateOnly)
		}
	}
	return time.Now().UTC().Format(time.DateOnly)
}

// manName is the page name of a command or topic: "mjref-ledger-add".
func manName(c *cobra.Command) string { return strings.ReplaceAll(c.CommandPath(), " ", "-") }

// isHelpTopic says whether c is a help topic (mjref help notation): no run of its own and no
// subcommands. Its page is in section 7.
func isHelpTopic(c *cobra.Command) bool { return c.IsAdditionalHelpTopicCommand() }

// manPages lists the commands and topics that get a page, the root first, in the order of the
// command tree.
func manPages(root *cobra.Command) []*cobra.Command {
	var out []*cobra.Command
	var walk func(c *cobra.Command)
	walk = func(c *cobra.Command) {
		out = append(out, c)
		for _, sub := range c.Commands() {
			if sub.IsAvailableCommand() || isHelpTopic(sub) {
				walk(sub)
			}
		}
	}
	walk(root)
	return out
}

// writeManPages writes every page into dir and returns how many it wrote.
func writeManPages(root *cobra.Command, dir string, h manHeader) (int, error) {
	pages := manPages(root)
	for _, c := range pages {
		section := "1"
		if isHelpTopic(c) {
			section = "7"
		}
		path := filepath.Join(dir, manName(c)+"."+section)
		page := manPage(c, section, h)
		if err := filewrite.Write(path, func(w io.Writer) error { _, err := io.WriteString(w, page); return err }); err != nil {
			return 0, err
		}
	}
	return len(pages), nil
}

// manPage is the man(7) source of c's page.
func manPage(c *cobra.Command, section string, h manHeader) string {
	var b strings.Builder
	name := manName(c)
	fmt.Fprintf(&b, ".TH %s %s %s %s %s\n", manQuote(strings.ToUpper(name)), section, manQuote(h.Date), manQuote(h.Source), manQuote("mjref manual"))
	b.WriteString(".ad l\n") // ragged right: long lists of values (a|b|c) leave justified lines gappy
	b.WriteString(".SH NAME\n")
	b.WriteString(manFill(name + " - " + c.Short))
	if section == "1" {
		b.WriteString(".SH SYNOPSIS\n")
		use := strings.TrimSpace(strings.TrimPrefix(c.Use, c.Name()))
		fmt.Fprintf(&b, ".B %s\n", manEscape(c.CommandPath()))
		if use != "" {
			b.WriteString(manEscape(use) + "\n")
		}
		if c.HasAvailableSubCommands() {
			b.WriteString(manEscape("COMMAND") + "\n")
		}
		if c.HasAvailableFlags() {
			b.WriteString("[\\fIflags\\fR]\n")
		}
	}
	b.WriteString(".SH DESCRIPTION\n")
	fillLong(c)
	long := c.Long
	if long == "" {
		long = c.Short
	}
	b.WriteString(manText(long))
	if section == "1" {
		if fs := manFlags(c.LocalNonPersistentFlags()); fs != "" {
			b.WriteString(".SH OPTIONS\n" + fs)
		}
		if c == c.Root() {
			if fs := manFlags(c.PersistentFlags()); fs != "" {
				b.WriteString(".SH OPTIONS OF EVERY COMMAND\n" + fs)
			}
		} else if fs := manFlags(c.InheritedFlags()); fs != "" {
			b.WriteString(".SH OPTIONS OF EVERY COMMAND\n" + fs)
		}
		if c.Example != "" {
			b.WriteString(".SH EXAMPLES\n")
			b.WriteString(manPre(strings.Split(strings.TrimRight(c.Example, "\n"), "\n")))
		}
	}
	if see := manSeeAlso(c); len(see) > 0 {
		b.WriteString(".SH SEE ALSO\n")
		for i, s := range see {
			sep := ","
			if i == len(see)-1 {
				sep = ""
			}
			fmt.Fprintf(&b, ".BR %s (%s)%s\n", manEscape(s.name), s.section, sep)
		}
	}
	// A paragraph macro right after a section heading is redundant (mandoc warns).
	return manPPAfterSH().ReplaceAllString(b.String(), "$1")
}

var manPPAfterSH = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`(?m)^(\.SH [^\n]*\n)\.PP\n`) })

type manRef struct{ name, section string }

// manSeeAlso is the parent's page, the subcommands' pages, and from the root the help topics.
func manSeeAlso(c *cobra.Command) []manRef {
	var see []manRef
	if p := c.Parent(); p != nil {
		see = append(see, manRef{manName(p), "1"})
	}
	for _, sub := range c.Commands() {
		switch {
		case sub.IsAvailableCommand():
			see = append(see, manRef{manName(sub), "1"})
		case isHelpTopic(sub):
			see = append(see, manRef{manName(sub), "7"})
		}
	}
	return see
}

// manFlags lists the visible flags of fs as .TP entries: "-o, --output string", its usage and its
// default.
func manFlags(fs *pflag.FlagSet) string {
	var flags []*pflag.Flag
	fs.VisitAll(func(fl *pflag.Flag) {
		if !fl.Hidden && fl.Name != "help" {
			flags = append(flags, fl)
		}
	})
	slices.SortFunc(flags, func(a, b *pflag.Flag) int { return strings.Compare(a.Name, b.Name) })
	var b strings.Builder
	for _, fl := range flags {
		varname, usage := pflag.UnquoteUsage(fl)
		b.WriteString(".TP\n")
		if fl.Shorthand != "" {
			fmt.Fprintf(&b, "\\fB%s\\fR, ", manEscape("-"+fl.Shorthand))
		}
		fmt.Fprintf(&b, "\\fB%s\\fR", manEscape("--"+fl.Name))
		if varname != "" {
			fmt.Fprintf(&b, " \\fI%s\\fR", manEscape(varname))
		}
		b.WriteString("\n")
		switch fl.DefValue {
		case "", "false", "0", "[]":
		default:
			usage += fmt.Sprintf(" (default %q)", fl.DefValue)
		}
		b.WriteString(manFill(usage))
	}
	return b.String()
}

// manText turns help text into man(7): a run of lines at the left margin is a paragraph, filled;
// indented lines (tables, examples, lists) are kept as written in a no-fill block, blank lines
// between them included.
func manText(s string) string {
	lines := strings.Split(strings.TrimRight(s, "\n"), "\n")
	var b strings.Builder
	for i := 0; i < len(lines); {
		switch {
		case strings.TrimSpace(lines[i]) == "":
			i++
		case indentOf(lines[i]) == 0 && lines[i][0] != '\t':
			j := i
			for j < len(lines) && strings.TrimSpace(lines[j]) != "" && indentOf(lines[j]) == 0 && lines[j][0] != '\t' {
				j++
			}
			b.WriteString(".PP\n" + manFill(strings.Join(lines[i:j], " ")))
			i = j
		default:
			j := i
			for j < len(lines) && (strings.TrimSpace(lines[j]) == "" || indentOf(lines[j]) > 0 || lines[j][0] == '\t') {
				j++
			}
			for j > i && strings.TrimSpace(lines[j-1]) == "" {
				j--
			}
			b.WriteString(manPre(lines[i:j]))
			i = j
		}
	}
	return b.String()
}

// manPre is lines kept as written: a no-fill block, indented as in the help (less its common
// indent), blank lines kept.
func manPre(lines []string) string {
	common := -1
	for _, l := range lines {
		if strings.TrimSpace(l) == "" {
			continue
		}
		if n := indentOf(strings.ReplaceAll(l, "\t", "        ")); common < 0 || n < common {
			common = n
		}
	}
	var b strings.Builder
	b.WriteString(".PP\n.RS 4\n.nf\n")
	for _, l := range lines {
		l = strings.ReplaceAll(l, "\t", "        ")
		l = strings.TrimRight(l, " ")
		if len(l) >= common && common > 0 {
			l = l[common:]
		}
		if l == "" {
			b.WriteString("\n")
			continue
		}
		b.WriteString(manTextLine(l) + "\n")
	}
	b.WriteString(".fi\n.RE\n")
	return b.String()
}

// manFill is text to be filled, escaped, its input lines at most 80 bytes (mandoc's style).
func manFill(text string) string {
	var b strings.Builder
	line := ""
	for _, w := range strings.Fields(text) {
		w = manEscape(w)
		if line != "" && len(line)+1+len(w) > 80 {
			b.WriteString(manSafe(line) + "\n")
			line = ""
		}
		if line != "" {
			line += " "
		}
		line += w
	}
	if line != "" {
		b.WriteString(manSafe(line) + "\n")
	}
	return b.String()
}

// manSafe keeps an escaped text line from being read as a request.
func manSafe(s string) string {
	if strings.HasPrefix(s, ".") || strings.HasPrefix(s, "'") {
		return "\\&" + s
	}
	return s
}

// manTextLine is one line of text, escaped, safe from being read as a request.
func manTextLine(s string) string {
	s = manEscape(s)
	if strings.HasPrefix(s, ".") || strings.HasPrefix(s, "'") {
		s = "\\&" + s
	}
	return s
}

// manEscape escapes text for roff: backslashes, minus signs (so options can be copied), a break
// point after '|', and every
// character outside ASCII as \[uXXXX], which man and mandoc render whatever the input encoding.
func manEscape(s string) string {
	var b strings.Builder
	for _, r := range s {
		switch {
		case r == '\\':
			b.WriteString(`\e`)
		case r == '-':
			b.WriteString(`\-`)
		case r == '|':
			b.WriteString(`|\:`) // a place to break a long list of values
		case r > 0x7e || r < 0x20:
			fmt.Fprintf(&b, `\[u%04X]`, r)
		default:
			b.WriteRune(r)
		}
	}
	return b.String()
}

// manQuote is a .TH argument in double quotes; its hyphens stay hyphens (a date, a title).
func manQuote(s string) string {
	return `"` + strings.ReplaceAll(strings.ReplaceAll(manEscape(s), `\-`, "-"), `"`, `\(dq`) + `"`
}
