"""Every rule of Mandala (Lookout, 2024), paraphrased, cited, and the rulings we made.

Citations point at ``shared/rulebooks/mandala.de.txt`` (book ``mandala.de``) by line, and
at the reading notes ``shared/rulebooks/NOTES.md`` (book ``notes``) where a fact comes
from a secondary source. Rule ids are stable: code, tests, variant tables and docs refer
to them.
"""

from __future__ import annotations

from rulespec.core.rules import Book, RuleKind, make_rulebook, rule

RULING = RuleKind.RULING
AMBIGUITY = RuleKind.AMBIGUITY

BOOKS = (
    Book(
        "mandala.de",
        "mandala.de.txt",
        "Mandala, German rulebook (Lookout, 2024)",
        (
            (5, "Spielidee"),
            (9, "Spielmaterial"),
            (31, "Spielvorbereitung"),
            (44, "Spielablauf"),
            (53, "1. Karten von der Hand spielen"),
            (70, "2. Karten vom Stapel ziehen"),
            (82, "3. Mehrheit überprüfen"),
            (102, "4. Ein Mandala vervollständigen"),
            (106, "Ein Mandala auflösen"),
            (118, "Blumen bilden"),
            (126, "Karten abwerfen oder zurücknehmen"),
            (134, "Ein neues Mandala beginnen"),
            (138, "Spielende"),
            (144, "Wertung"),
            (160, "Impressum"),
        ),
    ),
    Book(
        "notes",
        "NOTES.md",
        "rulespec reading notes (secondary sources)",
        ((62, "Mandala"), (72, "The White Castle")),
    ),
)

RULEBOOK = make_rulebook(
    "mandala",
    BOOKS,
    [
        # --- components -------------------------------------------------------------
        rule(
            "mandala.components.cards",
            "90 cards, 15 of each of six colours",
            "The deck has ninety cards: fifteen in each of the six colours.",
            ["mandala.de:17"],
        ),
        rule(
            "mandala.components.tiles",
            "36 flower tiles: every colour has a 2, 3, 4, 5, 7 and ×3",
            "There are thirty-six flower tiles, one set per colour, each set holding the "
            "values 2, 3, 4, 5 and 7 and one '×3' tile. Half the tiles have a dark back, "
            "half a light one.",
            ["mandala.de:23", "mandala.de:29"],
        ),
        rule(
            "mandala.components.tile_backs",
            "Black, purple and red tiles have dark backs; green, orange, yellow light",
            "The text only says half the tiles are dark-backed. Which colours those are is "
            "taken from the reading notes: the dark-backed sets are black (grey in English "
            "sources), purple and red; the light-backed sets are green, orange and yellow. "
            "So every mandala shows two tiles of different colours.",
            ["mandala.de:29", "notes:64-66"],
            kind=RULING,
            options=(
                "dark = black, purple, red; light = green, orange, yellow (reading notes)",
                "any other split of three and three colours",
            ),
            decision="Use the split given by the reading notes.",
            reason="It is the only split any source gives, and it matches the component "
            "photos the notes were taken from; the rulebook's pictures are not in the text.",
        ),
        rule(
            "mandala.components.colour_names",
            "The six colours are named black, purple, red, green, orange and yellow",
            "The rulebook's own example calls one card colour black; English sources call "
            "the same colour grey. rulespec names it black.",
            ["mandala.de:62", "notes:64-66"],
            kind=RULING,
            options=("black (the German example)", "grey (English sources)"),
            decision="Call the colour black.",
            reason="The rulebook is the primary source; the name changes no rule.",
        ),
        rule(
            "mandala.components.markers",
            "Three majority markers, one per mandala",
            "Each of the three mandalas has one majority marker.",
            ["mandala.de:13"],
        ),
        # --- setup ------------------------------------------------------------------
        rule(
            "mandala.setup.shuffle",
            "Shuffle the cards into a face-down draw pile; the discard pile starts empty",
            "All ninety cards are shuffled into a face-down draw pile with an open discard "
            "pile beside it. The flower tiles are shuffled face down in two stacks, one of "
            "dark backs and one of light backs. rulespec models each draw as a draw from "
            "the unordered set of unseen cards or tiles, which is the same distribution.",
            ["mandala.de:34-35"],
        ),
        rule(
            "mandala.setup.tiles",
            "Each mandala starts with one dark and one light tile, face up",
            "For each mandala, draw one tile from the dark stack and one from the light "
            "stack, turn them to their scoring side and place them in its centre.",
            ["mandala.de:36"],
        ),
        rule(
            "mandala.setup.markers",
            "Each mandala's marker starts in its centre, held by nobody",
            "A majority marker is placed on each pair of tiles, so no player holds it yet.",
            ["mandala.de:37"],
        ),
        rule(
            "mandala.setup.first_player",
            "Seat 0 starts; seats follow clockwise",
            "The players choose who starts. rulespec numbers the seats in clockwise order "
            "from the starting player, so seat 0 always starts and a frontend that wants "
            "another starter rotates its seats.",
            ["mandala.de:38"],
            kind=RULING,
            options=("the players decide (seat numbering)", "a random starting player"),
            decision="Seat 0 is the starting player; seat i+1 sits clockwise of seat i.",
            reason="The book leaves the choice to the players, so it is not a chance event; "
            "numbering seats from the starter keeps every state independent of it.",
        ),
        rule(
            "mandala.setup.starting_hands",
            "Starting hands: 5 for the first player, then 6, 7, 8 clockwise",
            "The starting player draws five cards; the next players clockwise draw six, "
            "seven and eight. With fewer players the list simply stops early.",
            ["mandala.de:38", "notes:66-67"],
        ),
        # --- the turn ---------------------------------------------------------------
        rule(
            "mandala.turn.order",
            "Turns go clockwise; each turn has four steps in a fixed order",
            "Players take turns clockwise until the end is triggered. A turn is: play "
            "cards, draw cards, check the majority, complete a mandala, in that order.",
            ["mandala.de:46-51"],
        ),
        rule(
            "mandala.play.one_colour_one_mandala",
            "Play cards of a single colour into a single mandala",
            "In step 1 the player chooses one of the three mandalas and plays any number "
            "of cards from hand into it, all of one colour, spread on their own side so "
            "the number is visible.",
            ["mandala.de:55"],
        ),
        rule(
            "mandala.play.at_least_one",
            "At least one card must be played",
            "The book says 'any number' of cards but only describes what happens after "
            "one or more; a turn that plays nothing would also skip drawing and stall the "
            "game.",
            ["mandala.de:55", "mandala.de:74-78"],
            kind=RULING,
            options=("at least one card", "zero cards allowed (a pass)"),
            decision="Step 1 plays at least one card.",
            reason="Step 2 distinguishes only 'exactly one' and 'two or more', and the "
            "never-empty-hand rule guarantees a card to play, so a pass is never needed.",
        ),
        rule(
            "mandala.play.face_up_if_new",
            "A colour new to the mandala goes face up; a present colour goes face down",
            "Compare the played colour with the two tiles and every face-up card already "
            "in that mandala. If it is not there yet, the cards are placed face up; if it "
            "is, they are shown to everyone and then placed face down.",
            ["mandala.de:57-62"],
        ),
        rule(
            "mandala.draw.skip_at_eight",
            "No drawing with 8 or more cards in hand",
            "Step 2 is skipped when the player still holds eight or more cards after step 1.",
            ["mandala.de:72"],
        ),
        rule(
            "mandala.draw.one_card_up_to_four",
            "After playing exactly one card, draw up to 4, to at most 8 in hand",
            "A player who played exactly one card (face up or down) draws cards until "
            "they hold eight, but never more than four. Example: six in hand after "
            "playing one means two are drawn.",
            ["mandala.de:74-76"],
        ),
        rule(
            "mandala.draw.exact_count",
            "'Up to four' is a cap, not a choice",
            "The drawing player cannot stop early: they draw min(4, 8 − hand) cards.",
            ["mandala.de:74-76"],
            kind=AMBIGUITY,
            options=(
                "draw exactly min(4, 8 − hand)",
                "draw any number from 0 to min(4, 8 − hand)",
            ),
            decision="The number drawn is fixed at min(4, 8 − hand), fewer only if no "
            "cards are left anywhere (see mandala.draw.exhausted).",
            reason="The book's own example states the number drawn as a consequence "
            "('folglich ziehst du 2'), which leaves no choice.",
        ),
        rule(
            "mandala.draw.none_after_two",
            "After playing two or more cards, draw nothing",
            "A player who played two or more cards (face up or down) draws no cards this turn.",
            ["mandala.de:78"],
        ),
        rule(
            "mandala.draw.reshuffle",
            "An empty draw pile is replaced by the shuffled discard pile",
            "When the draw pile runs out, the discard pile is shuffled to form a new draw pile.",
            ["mandala.de:74"],
        ),
        rule(
            "mandala.draw.reshuffle_timing",
            "The discard pile is reshuffled when a card must be drawn from an empty pile",
            "The book ties the reshuffle to drawing but does not say whether it happens "
            "the moment the last card is taken or only when the next card is needed; the "
            "two differ in which discards join the new pile.",
            ["mandala.de:74"],
            kind=RULING,
            options=(
                "when a card is needed and the draw pile is empty",
                "immediately when the last card is drawn",
            ),
            decision="Reshuffle only when a card must be drawn and the draw pile is empty.",
            reason="The sentence sits in the drawing step and speaks of the pile being "
            "used up while drawing; cards discarded meanwhile are simply on the discard "
            "pile when it is shuffled.",
        ),
        rule(
            "mandala.draw.exhausted",
            "With no cards in the draw or discard pile, draw as many as there are",
            "If both piles are empty (every card is in a hand or a mandala), the player "
            "draws what is left, possibly nothing. The book does not foresee this.",
            ["mandala.de:74"],
            kind=RULING,
            options=("draw what is available", "end the game"),
            decision="Draw as many cards as remain; the game goes on.",
            reason="No end condition mentions the cards, and a short draw breaks no other "
            "rule; the never-empty-hand rule then counts only cards that can be drawn.",
        ),
        rule(
            "mandala.hand.never_empty",
            "Nobody may end step 2 with an empty hand",
            "A player must always keep at least one card for their next turn, so a play "
            "of two or more cards that would empty the hand is not allowed. (Playing a "
            "last single card is fine: the draw refills the hand.)",
            ["mandala.de:80"],
        ),
        rule(
            "mandala.majority.skip_all_face_down",
            "A player whose cards there are all face down does not check the majority",
            "Step 3 is skipped when every card the player has in the mandala they just "
            "played into is face down.",
            ["mandala.de:84"],
        ),
        rule(
            "mandala.majority.take_marker",
            "Strictly more cards than every other face-up player takes the marker",
            "If the player now has more cards in that mandala (face up and down together) "
            "than each other player who has at least one face-up card there, they take "
            "its majority marker. Players with only face-down cards there are ignored.",
            ["mandala.de:86-94"],
        ),
        rule(
            "mandala.majority.tie_keeps",
            "On a tie the marker stays where it is",
            "A tie for the most cards leaves the majority marker with whoever holds it "
            "(or in the centre if nobody does).",
            ["mandala.de:86"],
        ),
        rule(
            "mandala.majority.active_player_only",
            "Only the player whose turn it is checks the majority",
            "Step 3 is part of the active player's turn and compares their count with "
            "the others; nobody else takes the marker in that turn.",
            ["mandala.de:84-86"],
        ),
        rule(
            "mandala.complete.six_colours",
            "A mandala showing all six colours is complete and resolved",
            "If the mandala played into now contains all six colours, counting its tiles "
            "and its cards, it is complete and is resolved at once. Face-down cards never "
            "add a colour: they are face down because their colour is already there.",
            ["mandala.de:104"],
        ),
        rule(
            "mandala.resolve.holder_picks",
            "The marker holder chooses one of the two tiles",
            "The player holding the mandala's majority marker picks one of its two tiles.",
            ["mandala.de:110"],
        ),
        rule(
            "mandala.resolve.second_place",
            "The runner-up with a face-up card takes the other tile",
            "Among the other players with at least one face-up card in the mandala, the "
            "one with the most cards there takes the tile the holder left.",
            ["mandala.de:110"],
        ),
        rule(
            "mandala.resolve.second_tie",
            "A tie for second goes to more face-up cards",
            "If several players tie for the second-most cards, the one with more face-up "
            "cards in the mandala wins the tie.",
            ["mandala.de:112"],
        ),
        rule(
            "mandala.resolve.holder_takes_both",
            "No clear runner-up: the holder takes both tiles",
            "If the tie for second remains, or no other player has a face-up card in the "
            "mandala, the marker holder takes both tiles (and has no choice to make).",
            ["mandala.de:112"],
        ),
        rule(
            "mandala.resolve.two_player_half",
            "Two players: the runner-up needs at least half the holder's cards",
            "In a two-player game the other player gets a tile only with at least half as "
            "many cards in the mandala as the holder (one of them face up); otherwise the "
            "holder takes both.",
            ["mandala.de:114"],
        ),
        rule(
            "mandala.resolve.no_refusal",
            "Tiles cannot be refused",
            "A player who is entitled to a tile must take it.",
            ["mandala.de:116"],
        ),
        rule(
            "mandala.flowers.form",
            "Two loose tiles of one colour must form a flower",
            "As soon as a player has two tiles of the same colour lying loose, they must "
            "join them into a flower (turned over); a flower is never split again.",
            ["mandala.de:120-124"],
        ),
        rule(
            "mandala.flowers.third_tile",
            "A third tile of a colour stays loose until a fourth pairs with it",
            "Each colour has six tiles, so a player can receive a third or fourth tile of "
            "a colour that already forms a flower. The book does not say what happens.",
            ["mandala.de:120-124"],
            kind=RULING,
            options=(
                "tiles in a flower no longer count; a third tile is loose and pairs with "
                "the next one of its colour",
                "a third tile joins the flower",
            ),
            decision="A flower holds exactly two tiles. A third tile of that colour stays "
            "loose and scores alone; a fourth forms a second flower with it.",
            reason="Flowers are pairs (two tiles laid side by side) and scoring only "
            "defines a flower of two tiles; the pairing rule applies again to loose tiles.",
        ),
        rule(
            "mandala.resolve.discard_winners",
            "Players who got a tile discard all their cards in that mandala",
            "Every player who received a tile from the mandala turns all their cards "
            "there face up and puts them on the discard pile.",
            ["mandala.de:128"],
        ),
        rule(
            "mandala.resolve.take_back",
            "Everyone else takes their cards back into hand, even beyond 8",
            "Players who received no tile take every card they played into the mandala "
            "back into their hand; hands may exceed eight cards this way.",
            ["mandala.de:130-132"],
        ),
        rule(
            "mandala.resolve.new_mandala",
            "A resolved mandala restarts with a new dark and light tile",
            "Finally one dark and one light tile are drawn and placed face up in the "
            "centre of the mandala that was just resolved.",
            ["mandala.de:136"],
        ),
        rule(
            "mandala.resolve.marker_returns",
            "The marker goes back to the centre of the new mandala",
            "The book places a marker on each pair of tiles at setup but does not say "
            "where the marker goes after a resolution.",
            ["mandala.de:37", "mandala.de:136"],
            kind=RULING,
            options=("back to the centre, held by nobody", "stays with its holder"),
            decision="The marker returns to the centre; nobody holds it until someone "
            "takes it under the majority rule.",
            reason="All cards leave the mandala when it is resolved, so nobody can have a "
            "majority there; the new mandala starts like a mandala at setup.",
        ),
        # --- end and scoring --------------------------------------------------------
        rule(
            "mandala.end.third_flower",
            "The round in which someone forms a third flower is the last",
            "The game ends at the end of the round in which at least one player forms "
            "their third flower.",
            ["mandala.de:140"],
        ),
        rule(
            "mandala.end.round",
            "A round ends after the player to the right of the starter",
            "rulespec counts rounds from seat 0, so a round ends after the turn of the "
            "last seat. A third flower may also be formed outside one's own turn (as the "
            "runner-up in another player's mandala); it still ends that round.",
            ["mandala.de:46", "mandala.de:140"],
            kind=RULING,
            options=("a round is one turn of every seat, starting with seat 0",),
            decision="The game ends after the turn of the last seat of the round in which "
            "anyone first holds three flowers.",
            reason="The book speaks of the round without defining it; every player gets "
            "the same number of turns this way.",
        ),
        rule(
            "mandala.end.no_tiles",
            "The game ends when a new mandala cannot be started",
            "The game also ends if, when a resolved mandala should restart, no flower "
            "tiles are left.",
            ["mandala.de:140"],
        ),
        rule(
            "mandala.end.no_tiles_immediate",
            "Running out of tiles ends the game at once",
            "The book does not say whether running out of tiles also waits for the end "
            "of the round.",
            ["mandala.de:140-142"],
            kind=AMBIGUITY,
            options=("end at once", "finish the round first"),
            decision="The game ends right after the turn in which the tiles ran out.",
            reason="The book then resolves 'the two remaining mandalas', which is only "
            "certain to be two if nobody plays on; playing on could complete a mandala "
            "that cannot be restarted. Dark and light tiles run out together (each "
            "mandala takes one of each), so one stack is never empty alone.",
        ),
        rule(
            "mandala.end.stalled",
            "A player who cannot play ends the game",
            "If the draw pile and the discard pile are both empty (every card is in a hand "
            "or a mandala) and the player to act holds a single card, every play breaks "
            "the never-empty-hand rule: the book gives them no legal turn. Random play "
            "reaches this (the first seeded 2-player game that did: seed 30).",
            ["mandala.de:74-80", "mandala.de:140"],
            kind=RULING,
            options=(
                "the game ends at once, as when the tiles run out",
                "the player plays their last card anyway; empty hands pass; the game ends "
                "when nobody can play",
                "the player passes",
            ),
            decision="The game ends before that player's turn, exactly as when the tiles "
            "run out: the remaining mandalas are resolved and scores counted.",
            reason="It keeps the never-empty-hand rule absolute and reuses the book's "
            "own end for an exhausted supply; passing could stall the game for ever when "
            "every hand is down to one card.",
        ),
        rule(
            "mandala.end.final_resolution",
            "At the end the remaining mandalas are resolved in random order",
            "When the game ends, the remaining mandalas are resolved one by one, in a "
            "random order, by the normal rules; then scores are counted.",
            ["mandala.de:142"],
        ),
        rule(
            "mandala.end.final_mandalas",
            "Which mandalas the final resolution covers",
            "The book says 'the two remaining mandalas'. After a third flower the round "
            "goes on, and cards may already have been played into the mandala that was "
            "restarted, so three mandalas can hold cards when the game ends.",
            ["mandala.de:140-142"],
            kind=AMBIGUITY,
            options=(
                "all: every mandala still in play is resolved",
                "two_others: only the two mandalas other than the one completed last",
            ),
            decision="By default every mandala still in play is resolved (option "
            "final_mandalas = 'all'); 'two_others' leaves the last completed mandala "
            "unresolved and its cards where they are.",
            reason="The two readings agree whenever the last restarted mandala is still "
            "empty, which is the situation the book describes; resolving every mandala "
            "treats all cards played under the rules alike.",
            option="final_mandalas",
        ),
        rule(
            "mandala.end.final_no_holder",
            "A mandala nobody holds the marker of gives no tiles at the end",
            "In the final resolution a mandala can be incomplete and even have no "
            "face-up cards; the normal rules then give its tiles to nobody.",
            ["mandala.de:110-112", "mandala.de:142"],
            kind=RULING,
            options=("nobody takes the tiles; cards go back to hand",),
            decision="Without a marker holder nobody takes a tile, and everybody takes "
            "their cards there back into hand.",
            reason="The normal rules give tiles only through the marker holder, and the "
            "take-back rule covers everyone who got no tile.",
        ),
        rule(
            "mandala.scoring.single",
            "A loose tile scores its printed value",
            "Each tile that is not part of a flower scores the points printed on it.",
            ["mandala.de:146-148"],
        ),
        rule(
            "mandala.scoring.single_triple",
            "A loose ×3 tile scores nothing",
            "A '×3' tile that is not part of a flower is worth no points.",
            ["mandala.de:149"],
        ),
        rule(
            "mandala.scoring.flower_triple",
            "A flower with a ×3 scores three times the other tile",
            "If one tile of a flower is the '×3', the flower scores three times the value "
            "of its other tile.",
            ["mandala.de:151-153"],
        ),
        rule(
            "mandala.scoring.flower_plain",
            "Any other flower scores twice its lower tile plus its higher tile",
            "A flower without a '×3' scores double the lower value plus the higher one.",
            ["mandala.de:154"],
        ),
        rule(
            "mandala.winner.most_points",
            "Most points wins",
            "The player with the most points wins.",
            ["mandala.de:158"],
        ),
        rule(
            "mandala.winner.tiebreak_cards",
            "Ties go to the most cards left in hand",
            "Among players tied on points, the one with the most cards left in hand wins.",
            ["mandala.de:158"],
        ),
        rule(
            "mandala.winner.shared",
            "A remaining tie is a shared win",
            "Players still tied after the card count share the victory.",
            ["mandala.de:158"],
        ),
        # --- information --------------------------------------------------------------
        rule(
            "mandala.info.public",
            "What each player may see",
            "Hands and the order of the draw pile and tile stacks are secret; hand sizes, "
            "every mandala, the discard pile and every player's tiles are on the table.",
            ["mandala.de:34-36", "mandala.de:60", "mandala.de:128"],
            kind=RULING,
            options=(
                "everything every player was shown and that was not mixed into a secret "
                "pile stays visible (perfect recall of the table)",
                "only what lies face up right now",
            ),
            decision="A player's observation shows their own hand, every hand's size, the "
            "sizes of the draw pile and tile stacks, and the full contents of the table: "
            "face-down mandala cards with their colours (every player was shown them), the "
            "discard pile (cards arrive face up) and every player's tiles and flowers "
            "(taken face up before a flower is turned over). It hides other hands, the "
            "draw pile and the tile stacks.",
            reason="The book makes players show face-down cards before placing them; "
            "their colour is hidden only to keep it from counting as a new colour. Cards "
            "taken back into a hand are mixed with secret cards, so only the hand size "
            "stays public.",
        ),
    ],
)
