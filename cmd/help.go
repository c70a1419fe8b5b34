package cmd

import (
	"fmt"
	"strings"
	"sync"

	"github.com/mjref/mjref/engine"

	"github.com/mjref/mjref/internal/safeio"
	"github.com/mjref/mjref/internal/termtext"
	"github.com/mjref/mjref/internal/yamldoc"
	"github.com/mjref/mjref/referee"
	"github.com/mjref/mjref/rulesets"
	"github.com/mjref/mjref/server"
	"github.com/spf13/cobra"
)

const notationHelp = `Tile notation (MPSZ)

  Suit tiles and honours are digits followed by a suit letter:
    m  characters (craks)   123m
    p  dots (circles)       456p
    s  bamboo (bams)        789s
    z  honours 1z-7z = East South West North White Green Red
  Strings copied from Tenhou or Mahjong Soul parse as they are (0m/0p/0s, a red five, reads as 5).
  Spaces between groups are free.

  Honour aliases (output always uses MPSZ):
    E S W N          the winds        (also 東 南 西 北)
    Wd Gd Rd         white, green and red dragons (also 白 發 中)

  Bonus tiles:
    1f-4f  flowers (plum, orchid, chrysanthemum, bamboo)
    5f-8f  seasons (spring, summer, autumn, winter)
           flower n and season n+4 belong to seat n (East 1, South 2, West 3, North 4)
    f      an unnumbered flower (American and DeBurger games treat all eight alike)
    2f*    a '*' after a bonus tile marks it boosted (DeBurger's bird)

  Jokers: J (American rulesets only).

  Melds:
    [555p]      exposed pong         [123s]   exposed chow      [5555p]  exposed kong
    [222mJ]     exposure holding a joker (also written [2m2m2mJ] or [22mJ])
    (7777s)     concealed kong
    [555p@W]    '@SEAT' names the seat whose discard was claimed (for responsibility rules)

  The winning tile: written after a '+' at the end of the concealed tiles; it is part of the hand:
    123m456p789s555p1z+1z     (the pair of East was completed by the last tile)
  So 9p+9p is a pair and 99p+9p is three tiles: write the tile before '+' one time fewer.
  Without a '+', the last concealed tile written is the winning tile.

  Seats (--seat, --winner, --discarder, @SEAT, logs): E S W N, or east south west north in any case,
  or 東 南 西 北; mjref always prints them, and writes them to JSON, as E S W N.

  Canonical form (what mjref prints): concealed tiles grouped by suit and sorted, the winning tile after
  '+' unless it is the last tile, then the melds, then the bonus tiles.
`

const exitCodesHelp = `Exit status

  0  the command ran and the verdict is positive (a win, a legal claim, a valid file, a ready hand)
  1  the command ran and the verdict is negative (not a win, below the minimum, an illegal claim,
     not ready, a dead hand)
  2  bad input: notation, flags, ruleset, card or log (the message names the column, YAML line or event)
  3  a bug in mjref
  4  busy: the ledger file is open for writing by another mjref; nothing was done (run it again, or
     give --wait 10s to wait for the other writer)

  With -o json or -o jsonl, errors are written to standard error as one JSON object
  (schema/error.json): the message, the exit status and where it went wrong, as far as known:
    {"schema_version": 1, "error": "col 7: ...", "code": 2, "col": 7, "offset": 6, "hint": "..."}
  (file and line for a ruleset, card or ledger; event and line for a referee log).
  In batches (-), a bad line gives an error object for that line and the run goes on; the exit status is
  the worst line's: 2 or 3 if any line failed, else 1 if any verdict was negative, else 0.
`

// limitsHelp is the limits topic, built when it is shown (help, man: see lazyLong), not at every
// start: it asks every family for its caps.
var limitsHelp = sync.OnceValue(func() string {
	return fmt.Sprintf(`Limits on what mjref reads

  Files and standard input are untrusted: mjref reads only regular files (a
  directory, a device such as /dev/zero, a named pipe or a socket is refused at
  once, never waited on) and stops at a cap for each kind:

    rulesets, files they extend, card files, --config   %s each
%s    referee logs (a file or standard input)             %s, and %d events
    ledger files (full, they take no more hands)        %s
    one line of standard input (score -, parse -, ...)  %s

  Every YAML document (a ruleset, a card, a log, --config, a --set value) is
  checked before it is decoded:

    keys in one mapping                                 %d
    aliases (*name) in one document                     %d
    values the aliases of one document stand for        %d

  --set (and a request's "set" to mjref serve) takes at most %d values, each
  key of at most %d parts (hk.house_hands.ID.pattern has 4).

%s  Past a cap mjref exits 2 naming the file, the line and the limit; a line of
  standard input over its cap fails alone and the batch goes on. A message
  quotes at most %d characters of input around the position it names, and a
  file that is not what was asked for (a card file without card:, a ruleset
  without name: or family:) is refused without quoting what it holds.

  mjref serve reads a request body of at most %s (POST /v1/referee: room
  for a %s log) and a header block of at most %s, the request line
  included. It reads only the files it was started with (its --rules file,
  what it extends, its card): nothing in a request opens a file; a path in
  any field is refused as no built-in ruleset or card, in the same words
  whether or not the file is there.

%s  Text from users and files (names, notes, rulesets, cards, hands) is shown with
  control characters escaped (\x1b, \a, \u202e) in tables, plain lines and
  errors; JSON and YAML keep the exact strings.
`, safeio.FormatSize(safeio.RulesetLimit), familyCaps(),
		safeio.FormatSize(safeio.LogLimit), referee.MaxEvents,
		safeio.FormatSize(safeio.LedgerLimit), safeio.FormatSize(safeio.LineLimit),
		yamldoc.MaxKeys, yamldoc.MaxAliases, yamldoc.MaxAliasNodes, rulesets.MaxSets, rulesets.MaxSetParts,
		gameLimits(),
		termtext.ExcerptWidth, safeio.FormatSize(server.MaxBody), safeio.FormatSize(safeio.LogLimit),
		safeio.FormatSize(server.MaxHeader),
		familyParagraphs())
})

const patternsHelp = `Patterns: card lines and house hands

  American card lines and Hong Kong house hands are written in one pattern
  language: groups separated by spaces, each a run of symbols and at most one
  suit suffix.

    1-9       a suited number
    X  X+k    the pattern's one number variable, with an offset k (0-8); an
              offset applies to the run of X just before it: XXX+1 is three of
              X+1, X+0X+1X+2 is X, X+1, X+2
    Y  Y+k    a second number variable, never the same number as X
    Rd Gd Wd  the red, green and white dragon
    D         the dragon of the group's suit: m red, s green, p white (D* any)
    0         the white dragon
    N E W S   a wind; Z is any wind, chosen per group
    F         a flower (cards only)
    ?  ?+k    any tile, chosen per group (house hands only); with a suffix a
              tile of that suit: ???m a pong of characters, ??a a pair of suit
              a; with offsets a run: ?+0?+1?+2m a chow of characters

  Suffixes: a, b, c are suit variables that take different suits; m, p, s
  fix the suit; * is any suit, chosen per group. A|B gives alternatives.

  In a house hand each group is one set or the pair of a reading:
    123a  X+0X+1X+2b   a chow          555a  XXXb  ZZZ  ???   a pong or kong
    ?+0?+1?+2m         a chow of m     ???m                  a pong of m
    5555a              a kong          55a   ZZ   ??m        a pair
    (???)              a concealed set: formed in the hand, not on a discard
    ???m|?+0?+1?+2m    any set of characters (a group's alternatives)
  The pattern must be contained in the hand (the rest is free) unless the
  house hand says whole: true (four sets and a pair, or seven pairs). Pairs
  only match seven pairs, where the ruleset plays them (XXa XXa is a repeated
  pair, under seven_pairs_repeated: true). Instead of pattern: a house hand
  may list patterns: (at most 8), any one of which matches; its item names the
  one that did. Besides a pattern a house hand may say
    only: 23468s 6z       every tile of the hand is one of these
    concealed: true       nothing exposed (concealed kongs allowed)
    self_drawn: true      won by self-draw
    won_on: pair|set      the winning tile completes the pair, or a set
    replaces: [ids]       items it is paid instead of
    replaced_by: [ids]    items paid instead of it
  Example: examples/house-hands.yaml; 'mjref rules check FILE' shows each house
  hand with a hand that matches it. On cards, a group of three or more
  identical tiles may take jokers: see 'mjref card --help' and the README.
`

func addHelpTopics(root *cobra.Command) {
	root.AddCommand(
		&cobra.Command{Use: "notation", Short: "The tile notation every command accepts", Long: notationHelp},
		&cobra.Command{Use: "exit-codes", Short: "What mjref's exit statuses mean", Long: exitCodesHelp},
		&cobra.Command{Use: "environment", Short: "Environment variables, the preferences file and its keys", Long: environmentHelp},
		&cobra.Command{Use: "patterns", Short: "The pattern language of card lines and house hands", Long: patternsHelp},
		&cobra.Command{Use: "limits", Short: "How big a file or line mjref reads, and what it refuses",
			Annotations: map[string]string{lazyLongKey: "limits"}},
	)
}

// lazyLongKey annotates a help topic whose Long is built when the topic is shown (lazyLongs).
const lazyLongKey = "mjref:lazy-long"

// fillLong sets c's Long when it is built on demand (annotated with lazyLongKey): what shows c's
// text (its help, its man page) calls it first.
func fillLong(c *cobra.Command) {
	if c.Long == "" && c.Annotations[lazyLongKey] == "limits" {
		c.Long = limitsHelp()
	}
}

// gameLimits are the paragraphs of the families that read game logs on their caps
// (engine.GameLimits), each followed by a blank line.
// familyCaps are the rows of the families' caps (engine.FamilyLimits: an American card's lines)
// in the table of limits.
func familyCaps() string {
	caps, _ := engine.FamilyLimits()
	var b strings.Builder
	for _, c := range caps {
		fmt.Fprintf(&b, "    %-52s%s\n", c.What, c.Cap)
	}
	return b.String()
}

// familyParagraphs are the families' paragraphs on their caps (Hong Kong's house hands), each
// followed by a blank line.
func familyParagraphs() string {
	_, paras := engine.FamilyLimits()
	var b strings.Builder
	for _, p := range paras {
		b.WriteString(strings.TrimRight(p, "\n") + "\n\n")
	}
	return b.String()
}

func gameLimits() string {
	var b strings.Builder
	for _, p := range engine.GameLimits() {
		b.WriteString(p)
		b.WriteString("\n")
	}
	return b.String()
}
