package riichi

import (
	"github.com/mjref/mjref/family"
	"github.com/mjref/mjref/notation"
	"github.com/mjref/mjref/referee"
	"github.com/mjref/mjref/referee/settle"
	"github.com/mjref/mjref/scoring"
	rscore "github.com/mjref/mjref/scoring/riichi"
)

// ClaimDeps rules on claims on one discard as a riichi table does (engine.Claimer): a ron beats a
// pon or kan, which beats a chi, and a chi is taken only from the player before you (kamicha);
// several rons are paid as the riichi: section's multiple_ron says (1: the first in turn order
// from the discarder, head bump; 2 or 3: each winner), three end the hand where abortive_draws
// lists sanchahou, and three players play no chi. A ron is scored by the family's scorer, a ron
// with no yaku refused. The rulings cite the referee: section's lines.
func (r *rules) ClaimDeps() referee.Deps {
	var d referee.Deps
	if r.rs.Referee != nil {
		d.Rules = *r.rs.Referee
	}
	d.Rules.Tiles = 136
	d.Rules.MultipleWins = settle.AllWin
	if r.opt.MultipleRon == 1 {
		d.Rules.MultipleWins = settle.HeadBump
	}
	d.Score = r.claimScorer(false)
	d.Claims = referee.ClaimRules{
		ThreePlayers: r.opt.Players == 3,
		SeveralWin:   referee.RuleMultipleRon,
		RiichiScore:  r.claimScorer(true),
		FalseWin:     "not a win (chombo, 錯和)",
		HeadBump:     "head bump (頭ハネ)",
		Verbs:        map[referee.Verb]string{referee.VerbWin: "ron", referee.VerbPong: "pon", referee.VerbKong: "kan", referee.VerbChow: "chi"},
	}
	if r.opt.Plays(rscore.Sanchahou) {
		d.Claims.WinsAbort, d.Claims.Abort = 3, rscore.Sanchahou.String()
	}
	return d
}

// claimScorer scores a claimed ron with the family's scorer, with riichi declared when riichi
// says so and no dora: valid is a complete hand with a yaku, its total the ron payment.
func (r *rules) claimScorer(riichi bool) referee.Scorer {
	return func(h *notation.Hand, sit scoring.Situation) (referee.Score, error) {
		fs := family.Situation{Situation: scoring.Situation{Seat: sit.Seat, Prevailing: sit.Prevailing, Win: scoring.Discard, LastTile: sit.LastTile, Discarder: notation.NoSeat}}
		if riichi {
			fs.Extra = family.Extra{fieldRiichi: true}
		}
		sc, err := r.Score(h, fs)
		if err != nil {
			return referee.Score{}, err
		}
		s := sc.(*Scored)
		if !s.IsWin {
			return referee.Score{Reason: s.Reason}, nil
		}
		return referee.Score{Valid: true, Total: s.Points.Total, Limit: s.Limit != ""}, nil
	}
}
