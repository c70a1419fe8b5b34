package cmd

import (
	"errors"
	"fmt"

	"github.com/mjref/mjref/server"
	"github.com/spf13/cobra"
)

// newPageCmd writes the page as a static site that runs the engine in the browser, offline.
func newPageCmd(f *factory) *cobra.Command {
	return &cobra.Command{
		Use:   "page DIR",
		Short: "Write the table's page as a static site that scores and keeps the ledger offline",
		Long: `Write the page mjref serve serves into DIR (made if it does not exist) as a static site that
needs no server: the engine runs in the browser (built to WebAssembly), the evening's ledger is
kept on the device (IndexedDB) in the same format and hash chain as mjref ledger, and a service
worker keeps every file, so once opened the page scores, settles and keeps the ledger with no
network. Serve DIR from any static host (or 'python3 -m http.server' on a laptop), open it on the
phone and install it ("Add to Home screen"). A ledger exported from the page is a file that
'mjref ledger verify' and 'mjref ledger show' read.

The engine is built by 'go generate ./server' before mjref is built; an mjref built without it
says so (exit 2).`,
		Example: `  mjref page site && python3 -m http.server -d site 8000
  mjref ledger verify mjref-evening-2026-12-02.jsonl`,
		Args: cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			site, err := server.WriteSite(args[0], server.SiteOptions{})
			if errors.Is(err, server.ErrNoEngine) {
				return withHint(usageErrorf("%v", err), "build mjref after 'go generate ./server', which builds the engine to WebAssembly")
			}
			if err != nil {
				return withHint(fmt.Errorf("page: %w", err), "give a directory you can write to")
			}
			_, err = fmt.Fprintf(f.IO.Out, "page:     %s in %s (the engine %.1f MB, %.1f MB compressed)\n",
				plural(len(site.Files), "file"), site.Dir, float64(site.Wasm)/1e6, float64(site.WasmGzip)/1e6)
			return err
		},
	}
}
