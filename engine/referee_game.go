package engine

import (
	"errors"
	"fmt"

	"github.com/mjref/mjref/family"
)

// GameRequest is one game log to replay, as mjref referee's argument and flags give it.
type GameRequest struct {
	// Log is the log's bytes (a game log may be gzip); Name is how errors call it (the file name).
	Log  []byte
	Name string
	// Only and By are a hand log's flags: a game log refuses them.
	Only, By string
	// Rules is the --rules value given on the command line, or "": a game is played under the
	// rules its own flags select, and a warning says --rules is not used.
	Rules string
}

// GameView is a replayed game (its document) and what the replay carried on past.
type GameView struct {
	Game family.Game
	// Warnings are for the user's standard error.
	Warnings []string
}

// ErrNotGameLog is RefereeGame's error for a log no family reads as a game.
var ErrNotGameLog = errors.New("not a game log any family reads")

// gameReader is the family that reads data as a game log, or nil.
func gameReader(data []byte) (family.Family, family.GameReader) {
	for _, f := range families {
		if g, ok := f.(family.GameReader); ok && g.ReadsGame(data) {
			return f, g
		}
	}
	return nil, nil
}

// IsGameLog says whether data is a whole game's log that a family reads (a Tenhou mjlog, say),
// rather than a hand's log for Referee.
func IsGameLog(data []byte) bool {
	_, g := gameReader(data)
	return g != nil
}

// IsGameLine says whether line is a whole game log on one line (an mjlog or a tenhou.net/6
// document: family.GameLiner), as mjref referee - -o jsonl reads them one a line.
func IsGameLine(line []byte) bool {
	for _, f := range families {
		if g, ok := f.(family.GameLiner); ok && g.GameLine(line) {
			return true
		}
	}
	return false
}

// GameLimits are the families' paragraphs on the caps of their game logs (family.GameReader).
func GameLimits() []string {
	var out []string
	for _, f := range families {
		if g, ok := f.(family.GameReader); ok {
			out = append(out, g.GameLimits())
		}
	}
	return out
}

// FamilyLimits are the caps the families put on what they read (family.Limited), in the order of
// families: the rows of mjref help limits' table of caps, and their paragraphs.
func FamilyLimits() (caps []family.Limit, paragraphs []string) {
	for _, f := range families {
		if l, ok := f.(family.Limited); ok {
			c, p := l.Limits()
			caps = append(caps, c...)
			if p != "" {
				paragraphs = append(paragraphs, p)
			}
		}
	}
	return caps, paragraphs
}

// RefereeGame replays a game log (IsGameLog) through the family that reads it: every hand
// ruled, scored and settled, beside what the log records. A hand log's flags (Only, By) are bad
// input here; a log that cannot be read is bad input naming the element, with a hint on the formats.
func RefereeGame(req GameRequest) (*GameView, error) {
	f, g := gameReader(req.Log)
	if g == nil {
		return nil, ErrNotGameLog
	}
	switch {
	case req.Only != "":
		return nil, family.Usagef("--only rules on a hand's steps: a %s game log is ruled and compared with its record whole, with --check to make a difference exit 1", f.ID())
	case req.By != "":
		return nil, family.Usagef("--by names the seats of a hand's log: a %s game log numbers its seats itself", f.ID())
	}
	game, err := g.RefereeGame(req.Log)
	if err != nil {
		if req.Name != "" {
			err = fmt.Errorf("%s: %w", req.Name, err)
		}
		var fe *family.Error
		if errors.As(err, &fe) {
			return nil, err
		}
		return nil, family.WithHint(err, fmt.Sprintf("a %s game log is %s; see 'mjref referee --help'", f.ID(), g.GameFormats()))
	}
	v := &GameView{Game: game}
	if req.Rules != "" {
		v.Warnings = append(v.Warnings, fmt.Sprintf("a %s game log is paid under the rules its own flags select: --rules %s is not used", f.ID(), req.Rules))
	}
	return v, nil
}
