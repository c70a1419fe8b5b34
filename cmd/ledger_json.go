package cmd

import (
	"github.com/mjref/mjref/referee/ledger"
	"github.com/mjref/mjref/schema"
)

// The ledger's documents are the schema package's, so that every front end prints the same (see
// schema.LedgerGame): amounts by seat, and by player.
type (
	byPlayer      = schema.ByPlayer
	entryJSON     = schema.LedgerEntry
	amendmentJSON = schema.LedgerAmendment
	// showView is a game as show, new and export print it in JSON or YAML.
	showView = schema.LedgerGame
	// addView is the outcome of ledger add, undoView of ledger undo; positionView is where a
	// game stands, paymentView a payment between players.
	addView      = schema.LedgerAdd
	undoView     = schema.LedgerUndo
	positionView = schema.LedgerPosition
	paymentView  = schema.LedgerPayment
	// amendView is the outcome of ledger amend, seatView of seat and rename.
	amendView = schema.LedgerAmend
	seatView  = schema.LedgerSeat
	// upgradeView is the outcome of ledger upgrade.
	upgradeView = schema.LedgerUpgrade
)

var (
	newEntryJSON     = schema.NewLedgerEntry
	newAmendmentJSON = schema.NewLedgerAmendment
	paymentViews     = schema.NewLedgerPayments
	newPositionView  = schema.NewLedgerPosition
)

// newShowView is what ledger show writes for st.
func newShowView(st *ledger.State) showView { return schema.NewLedgerGame(st) }
