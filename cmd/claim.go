package cmd

import (
	"context"
	"io"

	"github.com/mjref/mjref/engine"
	"github.com/spf13/cobra"
)

// claimOptions are the flags of mjref claim.
type claimOptions struct {
	IO     *IOStreams
	Output string

	Discarder, Tile, Claims string
	// Dealer and Prevailing place the claims at the table, for scoring a claimed win.
	Dealer, Prevailing string
	// Hands are SEAT=HAND values: the claimants' concealed tiles, when legality depends on them.
	Hands []string
	// Riichi are the seats in riichi (riichi rulesets).
	Riichi string
}

func newClaimCmd(f *factory, runF func(*claimOptions) error) *cobra.Command {
	o := &claimOptions{IO: f.IO}
	cmd := &cobra.Command{
		Use:   "claim --discarder SEAT --tile TILE --claims 'SEAT ACTION, ...'",
		Short: "Say who takes a discard when several players claim it, and why",
		Long: `Rule on claims made at the same time on one discard: who takes the tile, and why each claim
wins, loses or is not allowed.

  a win beats a pong or kong, which beats a chow
  among several wins: head bump (截糊, the claimant next in turn after the discarder wins), or
  every claimant wins, as the ruleset's settlement: multiple_winners says
  a chow only from the player before you (上家); nobody claims their own discard
  the seats between the discarder and the taker miss their turn

Claims are SEAT ACTION [TILES], separated by commas: win, pong, kong, chow (with its run, e.g.
'E chow 456p', or left out), pass. Without hands every claim is taken as possible; give a
claimant's tiles with --hand SEAT=HAND (13 before the discard or 14 with it, melds in brackets)
and a pong must find its pair, a chow its run, and a win must be a valid hand worth the minimum
(scored with each claimant's seat wind counted from --dealer, default E, and the --prevailing wind,
default E).

The ruleset (--rules, default hk) may be Hong Kong, DeBurger or riichi, which share these priorities;
American calls are ruled by 'mjref referee'. Under a riichi ruleset claims may be written ron, pon,
kan and chi, and the rulings say them so; several rons are paid as the riichi: section's
multiple_ron says (1: head bump, 頭ハネ; 2: double ron, ダブロン; 3: triple ron), three rons end the
hand in an abortive draw where abortive_draws lists sanchahou (三家和, Tenhou), and three players
play no chi. A ron with --hand must be complete with a yaku, scored without dora; --riichi SEATS
names the seats in riichi, whose ron counts riichi and who may call nothing but a ron. Furiten is
not ruled here, as a claim gives no discards: 'mjref referee' rules on it from a hand's log.

Exit status: 0 the answer is clear (every claim is allowed), 1 a claim is not allowed, 2 bad input.`,
		Example: `  mjref claim --discarder W --tile 5p --claims 'S win, N pong, E chow'
  mjref claim --discarder E --tile 5p --claims 'N win, W win'
  mjref claim --discarder E --tile 4p --claims 'S chow 345p, W pong' --hand W=44p123m456s789s1z2z
  mjref claim --discarder S --tile 9s --claims 'N win' --hand N='123m456m789m99s78s' -o json
  mjref claim --rules riichi --discarder E --tile 5p --claims 'S ron, W ron, N pon'
  mjref claim --rules riichi --discarder W --tile 4p --claims 'N ron' --hand N=234m567m23p678s99s --riichi N`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			o.Output = f.Output
			return dispatch(cmd, f, o, runF, claimRun)
		},
	}
	fl := cmd.Flags()
	fl.StringVar(&o.Discarder, "discarder", "", "the seat that discarded the tile: E|S|W|N")
	fl.StringVar(&o.Tile, "tile", "", "the discarded tile, e.g. 5p")
	fl.StringVar(&o.Claims, "claims", "", "the claims, comma separated: 'S win, N pong, E chow 456p'")
	fl.StringArrayVar(&o.Hands, "hand", nil, "a claimant's concealed tiles, SEAT=HAND (repeatable)")
	fl.StringVar(&o.Dealer, "dealer", "E", "the seat that deals this hand (seat winds count from it), for scoring a claimed win")
	fl.StringVar(&o.Prevailing, "prevailing", "E", "the prevailing wind, for scoring a claimed win")
	fl.StringVar(&o.Riichi, "riichi", "", "riichi: the seats that have declared riichi, e.g. S or S,N")
	completeSeats(f, cmd, "discarder")
	f.completeFlag(cmd, "tile", cobra.NoFileCompletions)
	f.completeFlag(cmd, "claims", cobra.NoFileCompletions)
	f.completeFlag(cmd, "hand", cobra.NoFileCompletions)
	return cmd
}

func claimRun(_ context.Context, o *claimOptions, f *factory) error {
	e, err := f.Engine("")
	if err != nil {
		return err
	}
	v, err := e.Claim(engine.ClaimRequest{Discarder: o.Discarder, Tile: o.Tile, Claims: o.Claims, Hands: o.Hands, Dealer: o.Dealer, Prevailing: o.Prevailing, Riichi: o.Riichi})
	if err != nil {
		return err
	}
	return renderResult(o.IO.Out, o.Output, v, renderClaim, v.Positive())
}

// renderClaim writes the ruling for a person to read.
func renderClaim(w io.Writer, v *engine.ClaimView) error { return v.Render(printer{w}) }
