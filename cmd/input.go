package cmd

import (
	"context"
	"strings"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"
)

// handArg joins the arguments into one hand, so `mjref parse 123m456p789s11z [555p]` works unquoted.
// It reports batch=true for "-" (read hands from standard input, one per line).
func handArg(cmd *cobra.Command, f *factory, args []string) (hand string, batch bool, err error) {
	if len(args) == 1 && args[0] == "-" {
		if f.IO.InIsTerminal != nil && f.IO.InIsTerminal() {
			return "", false, usageErrorf("'-' reads hands from standard input, but it is a terminal: pipe hands in, one per line\n\n%s", cmd.UsageString())
		}
		return "", true, nil
	}
	if len(args) == 0 {
		return "", false, usageErrorf("no hand given: write it in MPSZ notation, e.g. mjref %s 123m456p789s11z [555p], or - to read hands from standard input", cmd.Name())
	}
	hand = strings.Join(args, " ")
	if strings.TrimSpace(hand) == "" {
		return "", false, usageErrorf("the hand is empty: write it in MPSZ notation, e.g. mjref %s 123m456p789s11z [555p]", cmd.Name())
	}
	return hand, false, nil
}

// handOptions are the options of a command that takes one hand, or '-' for a batch on standard input.
type handOptions interface {
	// setInput stores the hand argument, batch and the output format, then checks the flags that
	// need no ruleset.
	setInput(hand string, batch bool, output string) error
}

// handRunE is the RunE of a command that takes one hand or '-' (parse, score, waits, closest): it
// reads the argument into o and hands o to runF or run (see dispatch).
func handRunE[O handOptions](f *factory, o O, runF func(O) error, run func(context.Context, O, *factory) error) func(*cobra.Command, []string) error {
	return func(cmd *cobra.Command, args []string) error {
		hand, batch, err := handArg(cmd, f, args)
		if err != nil {
			return err
		}
		if err := o.setInput(hand, batch, f.Output); err != nil {
			return err
		}
		return dispatch(cmd, f, o, runF, run)
	}
}

// dispatch hands the filled options to runF when a test injected one (to check flag parsing), else
// to the command's run function.
func dispatch[O any](cmd *cobra.Command, f *factory, o O, runF func(O) error, run func(context.Context, O, *factory) error) error {
	if runF != nil {
		return runF(o)
	}
	return run(cmd.Context(), o, f)
}

// changedFlags lists the command's own flags given on the command line, in name order: not the
// flags every command has (-o, --rules, --set, --wide, --config).
func changedFlags(cmd *cobra.Command) []string {
	var names []string
	inherited := cmd.InheritedFlags() // -o, --rules, --set and the other flags of every command
	cmd.Flags().Visit(func(fl *pflag.Flag) {
		if inherited.Lookup(fl.Name) == nil {
			names = append(names, fl.Name)
		}
	})
	return names
}
