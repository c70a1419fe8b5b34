package cmd

import (
	"fmt"
	"os"
	"path/filepath"

	"github.com/spf13/cobra"
	"github.com/spf13/cobra/doc"
)

// newManCmd writes a man page per command with cobra's doc generator.
func newManCmd(f *factory) *cobra.Command {
	return &cobra.Command{
		Use:   "man DIR",
		Short: "Write a man page for every command into DIR",
		Long: `Write a man page (section 1) for mjref and each of its commands into DIR, which is made if
it does not exist: mjref.1, mjref-score.1, mjref-ledger-add.1, ...

  mjref man ./man && man ./man/mjref-score.1
  sudo mjref man /usr/local/share/man/man1`,
		Args: cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			dir := args[0]
			if err := os.MkdirAll(dir, 0o755); err != nil {
				return withHint(fmt.Errorf("man: %w", err), "give a directory you can write to")
			}
			header := &doc.GenManHeader{Title: "MJREF", Section: "1", Source: "mjref " + buildVersion().Version, Manual: "mjref manual"}
			root := cmd.Root()
			root.DisableAutoGenTag = true
			if err := doc.GenManTree(root, header, dir); err != nil {
				return fmt.Errorf("man: %w", err)
			}
			pages, _ := filepath.Glob(filepath.Join(dir, "*.1"))
			_, err := fmt.Fprintf(f.IO.Out, "man:      %d pages in %s\n", len(pages), dir)
			return err
		},
	}
}
