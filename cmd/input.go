package cmd

import (
	"bufio"
	"strings"

	"github.com/spf13/cobra"
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
	return strings.Join(args, " "), false, nil
}

// eachLine calls fn for each non-blank, non-comment line of the standard input, in order.
func eachLine(f *factory, fn func(l batchLine) error) error {
	sc := bufio.NewScanner(f.IO.In)
	sc.Buffer(make([]byte, 64*1024), 4*1024*1024)
	n := 0
	for sc.Scan() {
		n++
		t := strings.TrimSpace(sc.Text())
		if t == "" || strings.HasPrefix(t, "#") {
			continue
		}
		if err := fn(batchLine{N: n, Text: t}); err != nil {
			return err
		}
	}
	return sc.Err()
}
