package cmd

import (
	"errors"
	"fmt"
	"github.com/mjref/mjref/schema"
	"io"
	"slices"
	"strings"

	"github.com/mjref/mjref/engine"
	"github.com/mjref/mjref/family"
	"github.com/mjref/mjref/internal/words"
	"github.com/mjref/mjref/scoring"
	"github.com/mjref/mjref/scoring/american"
	"github.com/spf13/cobra"
)

func newCardCmd(f *factory) *cobra.Command {
	cmd := &cobra.Command{
		Use:   "card",
		Short: "American: list, show and check card files",
		Long: `An American card is a YAML file of lines, each a pattern of groups with a value. mjref ships an
original sample card (not the National Mah Jongg League's, which it never copies); type your own card
into a file like it and play it with --card FILE. 'mjref card check FILE' names every problem's line.

  card:
    name: my card
    year: 2026
    defaults: {concealed: false}
    sections:
      - name: Consecutive Run
        lines:
          - {id: R1, pattern: "FF 111a 2222b 333a DDb", numbers: relative, value: 25}

A pattern is groups separated by spaces, 14 tiles in all:
  1-9        a suited number        X, X+1 .. X+8   the line's number variable
  Y, Y+k     another number than X  D    the dragon of the group's suit (craks red,
  Rd Gd Wd   each dragon; D* any         bams green, dots white)
  0          the white dragon as zero      F  a flower (all eight alike)
  N E W S    winds                         Z  any one wind, chosen per group
Groups with numbers, X, Y or D end in a suit: a, b, c are suit variables (different
suits, named in any order), m p s fixed, * any. "A|B" gives alternatives for a group; a
list of patterns gives alternatives for a line. Three or more identical tiles make a set,
where jokers may stand in; other groups never take a joker.
Line fields: id, pattern, value, concealed (a C line), note, jokerless_bonus, and
  x: [1, 3, 5] | odd | even | 2-6 | not 5     the values X may take (y: the same for Y)
  suits: "1 or 2" | "1 or 3" | 3 | any        how many suits a, b, c take together
  numbers: relative                           the printed numbers shift: 123 is any run
defaults: may set any of these but id and pattern for the card or a section.`,
		Args: cobra.NoArgs,
	}
	cmd.AddCommand(newCardListCmd(f), newCardShowCmd(f), newCardCheckCmd(f))
	return cmd
}

func newCardListCmd(f *factory) *cobra.Command {
	return &cobra.Command{
		Use:   "list",
		Short: "List the built-in cards",
		Args:  cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			doc, err := schema.NewCardList()
			if err != nil {
				return err
			}
			if f.Output != FormatTable {
				return render(f.IO.Out, f.Output, doc)
			}
			rows := make([][]string, 0, len(doc.Cards))
			for _, it := range doc.Cards {
				rows = append(rows, []string{it.Name, it.Title, yearText(it.Year), fmt.Sprint(it.Lines)})
			}
			return table(f.IO.Out, []string{"name", "title", "year", "lines"}, rows)
		},
	}
}

func newCardShowCmd(f *factory) *cobra.Command {
	return &cobra.Command{
		Use:   "show [NAME|FILE]",
		Short: "Print a card's lines: id, section, pattern, value, C/X and number of concrete hands",
		Long: `Print a card's lines: id, section, pattern, value, C (concealed) or X (exposures allowed), and how
many concrete hands the line stands for. Without an argument, the card of the --rules ruleset when it is
American, else the built-in sample card.`,
		Args:              cobra.MaximumNArgs(1),
		ValidArgsFunction: cardCompletion,
		RunE: func(cmd *cobra.Command, args []string) error {
			name, err := defaultCard(f)
			if err != nil {
				return err
			}
			if len(args) == 1 {
				name = args[0]
			}
			c, err := loadCard(name)
			if err != nil {
				return err
			}
			f.warn(c.Warnings)
			v := schema.CardShow{Card: name, Name: c.Name, Year: c.Year, Lines: []schema.CardLine{}, Warnings: c.Warnings}
			for _, l := range c.Lines {
				v.Lines = append(v.Lines, schema.CardLine{ID: l.ID, Section: l.Section, Pattern: l.Pattern, Value: l.Value,
					Concealed: l.Concealed, JokerlessBonus: l.JokerlessBonus, X: l.X, Y: l.Y, Suits: l.Suits, Relative: l.Relative,
					Note: l.Note, Hands: l.Hands(), Source: l.Source})
			}
			if f.Output != FormatTable {
				return render(f.IO.Out, f.Output, v)
			}
			return renderCard(f.IO.Out, &v)
		},
	}
}

// defaultCard is the card the --rules ruleset plays when it plays one, else the first built-in card.
func defaultCard(f *factory) (string, error) {
	rs, err := f.Ruleset()
	if err != nil {
		return "", err
	}
	e, err := engine.New(rs, engine.Options{}) // its card's warnings are the shown card's own
	if err != nil {
		return "", err
	}
	if cp, ok := e.Rules().(family.CardPlayer); ok && cp.CardName() != "" {
		return cp.CardName(), nil
	}
	names := engine.ListCards()
	if len(names) == 0 {
		return "", errors.New("no built-in card") // a bug: the sample card is embedded
	}
	return names[0], nil
}

func renderCard(w io.Writer, v *schema.CardShow) error {
	fmt.Fprintf(w, "card:     %s%s, %s, from %s\n", v.Name, yearSuffix(v.Year), words.Count(len(v.Lines), "line"), v.Card)
	rows := make([][]string, 0, len(v.Lines))
	for _, l := range v.Lines {
		pattern := strings.Join(l.Pattern, " or ")
		var notes []string
		if l.Relative {
			notes = append(notes, "numbers relative")
		}
		if len(l.X) > 0 {
			notes = append(notes, "X in "+intsText(l.X))
		}
		if len(l.Y) > 0 {
			notes = append(notes, "Y in "+intsText(l.Y))
		}
		if len(l.Suits) > 0 {
			notes = append(notes, strings.ReplaceAll(intsText(l.Suits), ",", " or ")+" suits")
		}
		if len(notes) > 0 {
			pattern += " (" + strings.Join(notes, ", ") + ")"
		}
		value := fmt.Sprint(l.Value)
		if !l.JokerlessBonus {
			value += " (no jokerless bonus)"
		}
		rows = append(rows, []string{l.ID, l.Section, pattern, value, concealedMark(l.Concealed), fmt.Sprint(l.Hands), l.Note})
	}
	return table(w, []string{"id", "section", "pattern", "value", "C/X", "hands", "note"}, rows)
}

func newCardCheckCmd(f *factory) *cobra.Command {
	return &cobra.Command{
		Use:   "check FILE",
		Short: "Run a card file's loading checks and print each line's number of concrete hands",
		Long: `Load a card file (or a built-in card by name) as 'mjref score --card' would: every pattern must
total 14 tiles in each alternative, use known symbols and suffixes (b only with a, c only with a and b),
ids must be unique, values positive, and every line must have at least one possible hand. Each line is
printed with the number of concrete hands it stands for.

A repeated alternative (one that gives no hand the line's other alternatives do not) is a warning:
the check passes. A line with any other problem fails the check, though 'score', 'closest' and
'referee' play such a card's other lines, with a warning naming each line left out.

- reads the card from standard input.

Exit status: 0 the card is valid; 2 it is not: every problem is printed with its YAML line.`,
		Example: `  mjref card check my-card.yaml
  mjref card check sample-2026 -o json`,
		Args:              cobra.ExactArgs(1),
		ValidArgsFunction: cardCompletion,
		RunE: func(cmd *cobra.Command, args []string) error {
			files, name, err := f.stdinFile(args[0], "card")
			if err != nil {
				return err
			}
			c, err := engine.CheckCardFrom(files, name)
			if err != nil {
				if c != nil && !f.machineErrors() {
					// The lines left out are the error; the repeated alternatives are still said
					// (as text: with -o json, jsonl or yaml standard error holds the error document
					// alone, for a program to read).
					f.warn(slices.DeleteFunc(slices.Clone(c.Warnings), func(w scoring.Warning) bool { return w.LeftOut }))
				}
				return err
			}
			f.warn(c.Warnings)
			v := schema.CardCheck{File: name, Name: c.Name, Year: c.Year, OK: true, Lines: c.Info(), Warnings: c.Warnings}
			for _, l := range v.Lines {
				v.Hands += l.Hands
			}
			if f.Output != FormatTable {
				return render(f.IO.Out, f.Output, v)
			}
			w := f.IO.Out
			fmt.Fprintf(w, "%s: ok, card %s%s, %s, %s\n", name, v.Name, yearSuffix(v.Year), words.Count(len(v.Lines), "line"), words.Count(v.Hands, "concrete hand"))
			rows := make([][]string, 0, len(v.Lines))
			for _, l := range v.Lines {
				rows = append(rows, []string{l.ID, l.Section, fmt.Sprint(l.Value), concealedMark(l.Concealed), fmt.Sprint(l.Hands), l.Source.String()})
			}
			return table(w, []string{"id", "section", "value", "C/X", "hands", "source"}, rows)
		},
	}
}

// loadCard loads a card file or built-in card; a card that does not load is bad input listing
// every problem with its YAML line (see engine.LoadCard).
func loadCard(name string) (*american.Card, error) { return engine.LoadCard(name) }

// cardCompletion offers the built-in card names, and files.
func cardCompletion(_ *cobra.Command, args []string, _ string) ([]string, cobra.ShellCompDirective) {
	if len(args) > 0 {
		return nil, cobra.ShellCompDirectiveNoFileComp
	}
	return engine.ListCards(), cobra.ShellCompDirectiveDefault
}

func yearText(y int) string {
	if y == 0 {
		return ""
	}
	return fmt.Sprint(y)
}

// yearSuffix follows a card's name with its year, " (2026)", or nothing when the card gives none.
func yearSuffix(y int) string {
	if y == 0 {
		return ""
	}
	return fmt.Sprintf(" (%d)", y)
}

func intsText(xs []int) string {
	parts := make([]string, len(xs))
	for i, x := range xs {
		parts[i] = fmt.Sprint(x)
	}
	return strings.Join(parts, ",")
}
