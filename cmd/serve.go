package cmd

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"os"
	"os/signal"
	"runtime/debug"
	"strings"
	"syscall"

	"github.com/mjref/mjref/engine"
	"github.com/mjref/mjref/internal/logbuf"
	"github.com/mjref/mjref/server"
	"github.com/spf13/cobra"
)

type serveOptions struct {
	IO     *IOStreams
	Addr   string
	Token  string
	Ledger string
	// Season, Aliases and Normalise: a club's season for the page (mjref season's paths and
	// flags).
	Season, Aliases, Normalise []string
	Rules                      string
	Sets                       []string
	// ready, when set, is called with the URL once the server listens (tests).
	ready func(url string)
}

func newServeCmd(f *factory, runF func(*serveOptions) error) *cobra.Command {
	o := &serveOptions{IO: f.IO}
	cmd := &cobra.Command{
		Use:   "serve",
		Short: "Serve the table's page and the JSON API over HTTP",
		Long: `Serve a page for the table (tap tiles, score, settle, waits, with --ledger the evening's
standings, with --season a club's season) and a JSON API for bots, until Ctrl-C (SIGINT) or
SIGTERM.

  POST /v1/score /v1/waits /v1/settle /v1/claim /v1/referee /v1/closest
                     the command's flags as a JSON object; the answer is the command's -o json
  GET  /v1/rulesets /v1/rulesets/{name} /v1/cards
  GET  /v1/ledger  POST /v1/ledger/hands /v1/ledger/undo  GET /v1/ledger/chart.svg   (with --ledger)
  GET  /v1/season    the season, as 'mjref season FILE... -o json' prints it          (with --season)
  GET  /openapi.json  the API described in OpenAPI 3.1

--rules and --set choose the server's own ruleset (a built-in name or a file), played by every
request that names none; a request names built-in rulesets only, or sends its YAML as ruleset_yaml.
It listens on 127.0.0.1 only unless --addr says otherwise; any other address needs --token
(--token random makes one), which every API call must carry as 'Authorization: Bearer TOKEN'.
The URL it prints carries the token for the page. Requests are logged to standard error, within
a tenth of a second (errors at once).

--season FILE|DIR (repeatable: several ledgers, or a directory of them) shows the season on the
page: the standings across the evenings and each player's net after every evening drawn as a
chart, counted again each time the page asks, as 'mjref season' counts them (--alias and
--normalise as there). Every ledger is verified first; one that does not verify is left out and
named on the page (as 'mjref season --skip-broken' does). The season is counted once at start, so
a path that is not there, or evenings of mixed families without --normalise, refuse to start.

Exit status: 0 after a clean shutdown, 2 bad flags (an address beyond loopback without a token,
a port already taken, a --ledger that is not a ledger, a --season that cannot be counted).`,
		Example: `  mjref serve
  mjref serve --ledger friday.jsonl
  mjref serve --season evenings/ --alias "陳大文=Tai Man"
  mjref serve --addr 0.0.0.0:8787 --token random
  curl -s localhost:8787/v1/score -d '{"hand": "123m456p789s111z55z", "win": "self-draw"}'`,
		Args:        cobra.NoArgs,
		Annotations: map[string]string{rawOutput: "yes"}, // logs are written as slog writes them
		RunE: func(cmd *cobra.Command, args []string) error {
			o.Rules, o.Sets = f.Rules, f.Sets
			if runF != nil {
				return runF(o)
			}
			return serveRun(cmd.Context(), o)
		},
	}
	fl := cmd.Flags()
	fl.StringVar(&o.Addr, "addr", server.DefaultAddr, "host:port to listen on; beyond loopback it needs --token")
	fl.StringVar(&o.Token, "token", "", "the token API calls must carry; '"+server.RandomToken+"' makes one (needed beyond loopback)")
	fl.StringVar(&o.Ledger, "ledger", "", "a ledger file (see 'mjref ledger new') to keep the evening's hands in")
	fl.StringArrayVar(&o.Season, "season", nil, "a ledger file, or a directory of them, for the season the page shows (repeat for more)")
	fl.StringArrayVar(&o.Aliases, "alias", nil, `with --season: NAME=PLAYER, the name NAME in a ledger is the player PLAYER ("陳大文=Tai Man")`)
	fl.StringArrayVar(&o.Normalise, "normalise", nil, "with --season: FAMILY=RATE, one point of FAMILY's evenings counts RATE points of the other family's")
	return cmd
}

func serveRun(ctx context.Context, o *serveOptions) error {
	var led *engine.Ledger
	if o.Ledger != "" {
		// Its ruleset need not load: the evening is shown, and an add answers why it cannot be
		// recorded, as the ledger commands do.
		var err error
		if led, err = engine.OpenLedgerWith(o.Ledger, engine.LedgerOpening{Record: true, Wait: server.LedgerWait}); err != nil {
			return withHint(fmt.Errorf("--ledger %s: %w", o.Ledger, err), "start one with 'mjref ledger new FILE --players A,B,C,D'")
		}
	}
	var season *engine.SeasonOptions
	switch {
	case len(o.Season) > 0:
		season = &engine.SeasonOptions{Paths: o.Season, SkipBroken: true, Aliases: o.Aliases, Normalise: o.Normalise}
	case len(o.Aliases) > 0 || len(o.Normalise) > 0:
		return usageErrorf("--alias and --normalise are for the season: give --season FILE|DIR too")
	}
	if season != nil {
		// Counted once now, so that what would refuse every season request refuses to start, as
		// mjref season refuses it; a ledger that does not verify is left out and named.
		v, err := engine.Season(*season)
		for _, w := range v.Warnings {
			fmt.Fprintf(o.IO.ErrOut, "mjref: %s\n", w)
		}
		if err != nil {
			return fmt.Errorf("--season: %w", err)
		}
	}
	tuneServeGC(os.LookupEnv)
	// The request log is gathered and written a batch at a time (within logbuf.Delay, a warning or
	// an error at once), and what is left is written before serve returns.
	lw := logbuf.New(o.IO.ErrOut)
	defer lw.Close()
	log := slog.New(logbuf.FlushAbove(slog.NewTextHandler(lw, nil), lw, slog.LevelWarn))
	s, err := server.New(server.Options{Addr: o.Addr, Token: o.Token, Ledger: led, Season: season, Rules: o.Rules, Set: o.Sets, Log: log})
	if errors.Is(err, server.ErrNeedToken) {
		return withHint(err, "give --token "+server.RandomToken+" (or your own, 16 characters or more), or listen on 127.0.0.1")
	}
	if err != nil {
		if exitCode(err) == ExitInput {
			return err // a ruleset or --set that does not load, with its own file and line
		}
		return usageErrorf("%s", err.Error())
	}
	ln, err := s.Listen()
	if err != nil {
		return withHint(err, "another program may have the port: give --addr 127.0.0.1:PORT with another port")
	}
	if ctx == nil {
		ctx = context.Background()
	}
	ctx, stop := signal.NotifyContext(ctx, os.Interrupt, syscall.SIGTERM)
	defer stop()
	url := s.URL(ln.Addr())
	what := ""
	if o.Ledger != "" {
		what = " (ledger " + o.Ledger + ")"
	}
	if len(o.Season) > 0 {
		what += " (season " + strings.Join(o.Season, ", ") + ")"
	}
	fmt.Fprintf(o.IO.Out, "mjref: serving %s%s; Ctrl-C stops\n", url, what)
	if o.ready != nil {
		o.ready(url)
	}
	if err := s.Serve(ctx, ln); err != nil {
		return fmt.Errorf("serve: %w", err)
	}
	return nil
}

// serveGCPercent and serveMemoryLimit are the collector's settings for mjref serve when the
// environment sets neither GOGC nor GOMEMLIMIT. A server's live heap is small (the opened
// rulesets, a ledger, one answer's buffers), so at Go's default GOGC=100 it collects every few
// megabytes allocated: a fifth to a third of its CPU under load went to the collector, and
// GOGC=400 takes 10–20% off the CPU a request (wrk on loopback, the load test's six bodies). It
// lets the heap grow to five times what is live; the soft limit bounds that growth, so that the
// heap is collected sooner as it nears 256 MiB rather than growing fivefold beyond it.
const (
	serveGCPercent   = 400
	serveMemoryLimit = 256 << 20
)

// tuneServeGC sets serveGCPercent and serveMemoryLimit unless GOGC or GOMEMLIMIT is set: a user
// who tunes the collector keeps their own settings, both of them.
func tuneServeGC(lookup func(string) (string, bool)) {
	if _, ok := lookup("GOGC"); ok {
		return
	}
	if _, ok := lookup("GOMEMLIMIT"); ok {
		return
	}
	debug.SetGCPercent(serveGCPercent)
	debug.SetMemoryLimit(serveMemoryLimit)
}
