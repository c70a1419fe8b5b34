package cmd

import (
	"fmt"
	"github.com/mjref/mjref/engine"
	"github.com/mjref/mjref/schema"
	"io"
	"strings"

	"github.com/mjref/mjref/internal/safeio"
	"github.com/mjref/mjref/internal/termtext"
	"github.com/mjref/mjref/internal/words"
	"github.com/mjref/mjref/rulesets"
	"github.com/mjref/mjref/scoring/hk"
	"github.com/spf13/cobra"
)

func newRulesCmd(f *factory) *cobra.Command {
	cmd := &cobra.Command{
		Use:   "rules",
		Short: "List, show and check rulesets",
		Args:  cobra.NoArgs,
	}
	cmd.AddCommand(
		&cobra.Command{
			Use:   "list",
			Short: "List the built-in rulesets",
			Args:  cobra.NoArgs,
			RunE: func(cmd *cobra.Command, args []string) error {
				infos := rulesets.Builtins()
				if f.Output != FormatTable {
					return render(f.IO.Out, f.Output, schema.NewRulesList())
				}
				var rows [][]string
				for _, i := range infos {
					rows = append(rows, []string{i.Name, i.Family, i.Extends, i.Description})
				}
				return table(f.IO.Out, []string{"name", "family", "extends", "description"}, rows)
			},
		},
		&cobra.Command{
			Use:   "show [NAME|FILE]",
			Short: "Print a ruleset with every inherited value resolved (default: the --rules ruleset)",
			Args:  cobra.MaximumNArgs(1),
			RunE: func(cmd *cobra.Command, args []string) error {
				name := f.Rules
				if len(args) == 1 {
					name = args[0]
				}
				rs, err := rulesets.Load(name, f.Sets...)
				if err != nil {
					return err
				}
				if f.Output == FormatTable || f.Output == FormatYAML {
					var b []byte
					if rulesets.IsBuiltin(name) && rs.Extends == "" && len(f.Sets) == 0 {
						// Verbatim, so the lines match the ones scores cite.
						b, err = rulesets.Raw(name)
					} else {
						fmt.Fprintf(f.IO.Out, "# %s resolved, inherited values included;\n# the lines scores cite refer to the original files\n", name)
						b, err = rs.YAML()
					}
					if err != nil {
						return err
					}
					_, err = rawWriter(f.IO.Out).Write(b) // the file as it is: its lines are the ones scores cite
					return err
				}
				// JSON is the resolved YAML document itself, so its keys are the ruleset's own
				// (snake_case, as written in the file) in the file's order.
				doc, err := schema.NewRulesShow(rs)
				if err != nil {
					return err
				}
				return render(f.IO.Out, f.Output, doc)
			},
		},
		&cobra.Command{
			Use:   "check FILE",
			Short: "Validate a ruleset file (with everything it extends); exit 2 with the YAML line on a problem",
			Long: `Validate a ruleset file (with everything it extends); exit 2 with the YAML line on a problem.
- reads the ruleset from standard input (what it extends is read beside the current directory).`,
			Args: cobra.ExactArgs(1),
			RunE: func(cmd *cobra.Command, args []string) error {
				files, name, err := f.stdinFile(args[0], "ruleset")
				if err != nil {
					return err
				}
				rs, err := rulesets.LoadWith(rulesets.LoadOptions{Files: files}, name, f.Sets...)
				if err != nil {
					return err
				}
				house, warnings := engine.CheckRuleset(rs)
				v := schema.RulesCheck{File: name, Name: rs.Name, Family: rs.Family, Extends: rs.Extends, OK: true, HouseHands: house}
				f.warn(warnings) // an American ruleset plays its card's other lines
				if f.Output != FormatTable {
					return render(f.IO.Out, f.Output, v)
				}
				ext := ""
				if rs.Extends != "" {
					ext = ", extends " + rs.Extends
				}
				if _, err = fmt.Fprintf(f.IO.Out, "%s: ok (ruleset %s, family %s%s)\n", name, rs.Name, rs.Family, ext); err != nil {
					return err
				}
				return writeHouseExamples(f.IO.Out, v.HouseHands)
			},
		},
	)
	return cmd
}

// writeHouseExamples lists each house hand with the example hand that shows it matches.
func writeHouseExamples(w io.Writer, hs []hk.HouseExample) error {
	if len(hs) == 0 {
		return nil
	}
	b := &strings.Builder{}
	fmt.Fprintf(b, "%s, each with a hand that matches it:\n", words.Count(len(hs), "house hand"))
	for _, h := range hs {
		value := h.Value.String()
		if h.Value != hk.Limit {
			value += " faan"
		}
		fmt.Fprintf(b, "  %s %s, %s (%s)\n", termtext.Escape(h.ID), termtext.Escape(h.NameZH), value, h.Source)
		if h.Pattern != "" {
			fmt.Fprintf(b, "    pattern  %s\n", termtext.Escape(h.Pattern))
		}
		for i, p := range h.Patterns {
			label := "or      "
			if i == 0 {
				label = "patterns"
			}
			fmt.Fprintf(b, "    %s %s\n", label, termtext.Escape(p))
		}
		if h.Only != "" {
			fmt.Fprintf(b, "    only     %s\n", termtext.Escape(h.Only))
		}
		verdict := fmt.Sprintf("%d faan", h.Total)
		if !h.Valid {
			verdict += ", below the minimum"
		}
		fmt.Fprintf(b, "    e.g.     %s (%s): %s\n", h.Hand, h.Win, verdict)
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// stdinFile is how a command that checks one file (a ruleset, a card) reads arg: "-" is standard
// input, served as the file rulesets.StdinName (with every other path read from the file system);
// any other arg is read as it is (files nil). what names the file for the message when standard
// input is a terminal.
func (f *factory) stdinFile(arg, what string) (files rulesets.Files, name string, err error) {
	if arg != "-" {
		return nil, arg, nil
	}
	if f.IO.InIsTerminal != nil && f.IO.InIsTerminal() {
		return nil, "", usageErrorf("'-' reads the %s from standard input, but it is a terminal: pipe the file in, or name it", what)
	}
	data, err := safeio.ReadAll(f.IO.In, rulesets.StdinName, safeio.RulesetLimit)
	if err != nil {
		return nil, "", withHint(fmt.Errorf("%s: %s", rulesets.StdinName, safeio.Reason(err)), "pipe the file in, or name it")
	}
	return rulesets.WithStdin(data, nil), rulesets.StdinName, nil
}
