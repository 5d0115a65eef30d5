"""Every rule of White Lotus (TM-Spiele/Kosmos, 2000), paraphrased, cited, and our rulings.

Two editions are cited by line: the German original ``shared/rulebooks/white-lotus.de.txt``
(book ``lotus.de``, with the erratum "Nachtrag zu Seite 6" at its end) and the French
translation by Pierre Berclaz ``shared/rulebooks/white-lotus.fr.txt`` (book ``lotus.fr``);
the reading notes ``shared/rulebooks/NOTES.md`` (book ``notes``) fill in board facts from
secondary sources. Where the editions differ, the rule's text says how each reads and the
variant table ``variants/lotus.toml`` carries the values. Rule ids are stable: code, tests,
variant tables and docs refer to them.

Seats are numbered clockwise from the first emperor. "Clockwise after seat s" means s+1,
s+2, ... modulo the number of players; the German "to the left of" is the same direction.
"""

from __future__ import annotations

from rulespec.core.rules import Book, RuleKind, make_rulebook, rule

RULING = RuleKind.RULING
AMBIGUITY = RuleKind.AMBIGUITY

BOOKS = (
    Book(
        "lotus.de",
        "white-lotus.de.txt",
        "Der weiße Lotus, German rulebook (TM-Spiele/Kosmos, 2000) with its erratum",
        (
            (3, "Der weiße Lotus"),
            (17, "Spielziel"),
            (21, "Spielmaterial"),
            (77, "Spielvorbereitung"),
            (104, "Spielablauf"),
            (108, "1. Gebietsanspruch anmelden"),
            (122, "2. Gebietsanspruch klären"),
            (124, "a) Konfliktloser Gebietserwerb"),
            (128, "b) Konflikt um Gebiete (mit Einflusskarten)"),
            (136, "Ablauf"),
            (143, "Ablauf: Beispiel"),
            (153, "Ablauf"),
            (158, "Weitere Regeln"),
            (167, "3. Der Kaiser erhält 1 Siegpunktchip"),
            (173, "4. Rebellion (mit Kampfkarten)"),
            (192, "Nach der Rebellion"),
            (196, "Wenn die Kaiserseite gewinnt"),
            (208, "Wenn die Rebellenseite gewinnt"),
            (212, "Einige Beispiele für Rebellions-Ergebnisse"),
            (222, "Nach der Rebellion"),
            (226, "5. Neue Karten"),
            (246, "6. Neue Gebiete"),
            (252, "Spielende"),
            (272, "Variante für eifrige Verhandler"),
            (276, "Der Autor"),
            (306, "Nachtrag zu Seite 6, unten rechts"),
        ),
    ),
    Book(
        "lotus.fr",
        "white-lotus.fr.txt",
        "Le Lotus Blanc, French translation by Pierre Berclaz",
        (
            (5, "Le Lotus Blanc"),
            (15, "But du jeu"),
            (19, "Matériel"),
            (81, "1 Préparation"),
            (104, "2 Déroulement de la partie"),
            (115, "2.1 Prétention sur les provinces"),
            (123, "2.2 Contrôle des provinces"),
            (127, "2.2.1 Un seul prétendant"),
            (131, "2.2.2 Plusieurs prétendants"),
            (135, "2.2.2.1 Désignation de la province"),
            (141, "2.2.2.2 Désignation de l'adversaire"),
            (145, "2.2.2.3 Influence"),
            (149, "2.2.2.4 Résolution"),
            (153, "2.2.2.5 Résultat"),
            (161, "2.2.2.6 Influence utilisée"),
            (167, "2.2.2.7 Suite"),
            (171, "2.2.2.8 Province suivante"),
            (175, "2.2.2.9 Fin de la phase"),
            (179, "2.2.2.10 Règles complémentaires"),
            (189, "2.3 Point de victoire"),
            (193, "2.4 Rébellion"),
            (213, "2.4.1 Le camp de l'empereur gagne"),
            (225, "2.4.2 Le camp rebelle gagne"),
            (229, "2.4 Rébellion"),
            (235, "2.5 Nouvelles cartes"),
            (251, "2.6 Nouvelles provinces"),
            (259, "3 Fin de la partie"),
            (273, "4 Variante"),
        ),
    ),
    Book(
        "notes",
        "NOTES.md",
        "rulespec reading notes (secondary sources)",
        (
            (7, "White Lotus"),
            (38, "Oriente"),
            (62, "Mandala"),
            (72, "The White Castle"),
        ),
    ),
)

RULEBOOK = make_rulebook(
    "lotus",
    BOOKS,
    [
        # --- components -------------------------------------------------------------
        rule(
            "lotus.components.neutral_chips",
            "39 square neutral chips: 17 villages, 5 palaces, 5 temples, 6 fortresses, 6 rice",
            "The neutral building chips are square. There are thirty-nine of them: seventeen "
            "villages, five palaces, five temples, six fortresses and six rice fields.",
            ["lotus.de:27-33", "lotus.fr:25-36"],
        ),
        rule(
            "lotus.components.player_chips",
            "16 round chips per colour: 3 palaces, 4 temples, 5 fortresses, 4 rice fields",
            "Each of the six colours has sixteen round chips. Their fronts show three "
            "palaces, four temples, five fortresses and four rice fields; every chip shows a "
            "village on its back, so each chip is either its front building or a village.",
            ["lotus.de:35-42", "lotus.fr:38-46", "lotus.fr:87"],
        ),
        rule(
            "lotus.components.chip_flip",
            "Only the counts of a player's chips matter",
            "The books never say whether a player may choose which of his chips shows its "
            "village side, nor what happens when he runs short of a building. rulespec "
            "tracks only how many areas of each building a player owns. A holding of p "
            "palaces, t temples, f fortresses, r rice fields and v villages can be shown "
            "with one colour's chips exactly when p ≤ 3, t ≤ 4, f ≤ 5, r ≤ 4 and "
            "p + t + f + r + v ≤ 16. These limits are enforced under the default "
            "chip_supply = 'limited' (lotus.claim.chip_supply, lotus.rebellion.chip_supply).",
            ["lotus.de:35-42", "lotus.fr:43-46", "lotus.fr:87"],
            kind=RULING,
            options=(
                "only the counts matter: any chip not showing its front may serve as a village",
                "chips are fixed once placed, so a player can lack a front he still owns",
            ),
            decision="A holding is feasible iff p ≤ 3, t ≤ 4, f ≤ 5, r ≤ 4 and "
            "p + t + f + r + v ≤ 16; which physical chip lies where is not modelled.",
            reason="Every chip has a village back, so villages can always be shown with the "
            "chips whose fronts are not in use (a matching argument); tracking individual "
            "chips would add state without changing any game the books describe.",
        ),
        rule(
            "lotus.components.markers",
            "Five wooden claim markers per colour",
            "There are thirty wooden claim markers, five in each colour; each player uses "
            "the five of his colour. (The French calls them pawns and cubes.)",
            ["lotus.de:60", "lotus.de:82", "lotus.fr:58", "lotus.fr:86"],
        ),
        rule(
            "lotus.components.vp_chips",
            "18 victory-point chips, each worth one point",
            "Eighteen victory-point chips lie beside the board. No denominations are given; "
            "each chip counts one point at the end.",
            [
                "lotus.de:48",
                "lotus.de:97",
                "lotus.de:268",
                "lotus.fr:52",
                "lotus.fr:97",
                "lotus.fr:269",
            ],
        ),
        rule(
            "lotus.components.vp_supply",
            "Victory-point chips are unlimited by default",
            "Neither book says what happens when all eighteen chips are taken, and it can "
            "happen: the emperor takes one every year and every winner of a rebellion who "
            "cannot take an area takes one. With six players, four rebellions in which five "
            "players beat a lone emperor hand out sixteen consolation chips, plus four for "
            "the emperor: twenty.",
            [
                "lotus.de:48",
                "lotus.de:169",
                "lotus.de:205",
                "lotus.fr:52",
                "lotus.fr:191",
                "lotus.fr:222",
            ],
            kind=RULING,
            options=(
                "unlimited: the chips are only score counters",
                "limited: once all 18 are taken, a player due one gets nothing",
            ),
            decision="Unlimited by default (vp_chips = 'unlimited'). With vp_chips = "
            "'limited' at most 18 chips are handed out, in the order the rules award them; "
            "a player due a chip when none is left takes nothing and nothing replaces it.",
            reason="The chips only count points; neither book treats them as scarce or gives "
            "a rule for running out (unlike the marker cap, which they spell out), and a "
            "score should not hinge on an accident of supply. Players who count the physical "
            "chips can choose the limited reading.",
            option="vp_chips",
        ),
        rule(
            "lotus.components.influence_cards",
            "90 blue influence cards: 6×0, 34×1, 30×2, 20×3 (154 points)",
            "The influence cards are blue: six of value 0, thirty-four of 1, thirty of 2 "
            "and twenty of 3, worth 154 points together. In the German edition each 0-card "
            "shows one colour's dragon (lotus.setup.zero_card).",
            ["lotus.de:64-65", "lotus.de:87", "lotus.fr:75-77"],
        ),
        rule(
            "lotus.components.combat_cards",
            "60 red combat cards: 30×1, 20×2, 10×3 (100 points)",
            "The combat cards are red: thirty of value 1, twenty of 2 and ten of 3, worth "
            "100 points together. There are no combat cards of value 0.",
            ["lotus.de:69-70", "lotus.fr:71-73"],
        ),
        rule(
            "lotus.components.dragon_cards",
            "30 dragon cards, five per colour",
            "Each colour has five dragon cards. They name an opponent: in a conflict the "
            "player one wants out of the area, in a rebellion the side one fights against.",
            ["lotus.de:74-75", "lotus.fr:66-67"],
        ),
        rule(
            "lotus.components.stones",
            "A black emperor stone and a red rebel stone mark the two roles",
            "The emperor holds the black stone. The red rebel stone is set aside at the "
            "start; the player who starts a rebellion takes it as leader and puts it back "
            "beside the board when the rebellion is over. German only: the emperor also "
            "puts his stone on the area being fought over. The stones only mark roles and "
            "have no other effect.",
            [
                "lotus.de:44",
                "lotus.de:56",
                "lotus.de:98-99",
                "lotus.de:138",
                "lotus.de:178",
                "lotus.de:224",
                "lotus.fr:48",
                "lotus.fr:54",
                "lotus.fr:98-99",
                "lotus.fr:199",
                "lotus.fr:229",
            ],
        ),
        # --- cards as points ----------------------------------------------------------
        rule(
            "lotus.cards.points_model",
            "Cards are held as point totals; denominations are not modelled",
            "Each player holds a number of influence points and a number of combat points "
            "(and, in the German edition, his 0-card); the open piles, the bank, hold the "
            "rest, 154 influence and 100 combat points in all. Bids, refunds, payments and "
            "income are amounts of points; which cards make up an amount is not modelled.",
            [
                "lotus.de:140",
                "lotus.de:153",
                "lotus.de:183",
                "lotus.de:228",
                "lotus.fr:147",
                "lotus.fr:155",
                "lotus.fr:237",
            ],
            kind=RULING,
            options=(
                "points: holdings and bank as totals, change can always be made",
                "exact cards: every card tracked, so change can fail when a value runs out",
            ),
            decision="Track points. A player may commit, pay or receive any amount up to "
            "what he (or the bank) holds.",
            reason="Card values may be exchanged at the piles (lotus.cards.change) and the "
            "books always count points. A game with exact cards could, in a corner case, be "
            "unable to make change (all 1-cards in players' hands); that is not worth a "
            "model of its own.",
        ),
        rule(
            "lotus.cards.change",
            "Card values may be exchanged at the piles",
            "German: card values may be changed at any time, and combat cards may be changed "
            "before they are committed. French: change-making is mentioned only for the "
            "loser's refund in a conflict. Under lotus.cards.points_model this is implicit "
            "in both editions.",
            ["lotus.de:153", "lotus.de:183", "lotus.fr:155"],
        ),
        # --- the board ----------------------------------------------------------------
        rule(
            "lotus.board.areas",
            "The board has 39 areas: 31 light and 8 brown",
            "Neither text counts the areas. The light ones follow from the rules: the game "
            "ends only when every area in play holds a player chip, all 39 neutral chips "
            "start in play, and with fewer than six players eight neutral chips are left "
            "over, so the light part of the board has 31 areas. The reading notes give 39 "
            "areas in all, 8 of them brown.",
            ["lotus.de:27-33", "lotus.de:94-96", "lotus.de:254-256", "notes:30-31"],
            kind=RULING,
            options=(
                "39 areas = 31 light (derived from the books) + 8 brown (reading notes)",
                "accept any area counts a board file gives",
            ),
            decision="Every board must have 39 areas of which 8 are brown.",
            reason="31 light areas is forced by the German leftover count; 39 in all is the "
            "notes' count and the only one under which a six-player game, whose text "
            "mentions no leftover chips, places exactly its 39 chips.",
        ),
        rule(
            "lotus.board.brown_areas",
            "Brown areas are in play only with six players",
            "With three to five players only the light areas are used; with six the whole "
            "board, brown areas included.",
            ["lotus.de:94-95", "lotus.fr:95"],
        ),
        rule(
            "lotus.board.lotus_areas",
            "Eight start areas show a white lotus: seven light, one brown",
            "Eight areas show a white lotus; seven of them are light. They are the start "
            "areas: the seven light ones with three to five players, all eight with six.",
            ["lotus.de:94-95", "lotus.fr:94", "notes:31"],
        ),
        rule(
            "lotus.board.dragon_areas_light",
            "All three dragon areas are light",
            "The books say three areas carry a round dragon symbol but not whether any of "
            "them is brown.",
            ["lotus.de:267", "lotus.fr:267", "notes:30-32"],
            kind=RULING,
            options=(
                "all three dragon areas are light (in play with any number of players)",
                "a dragon area may be brown (then 3–5 players would have fewer)",
            ),
            decision="Boards must have all three dragon areas among the light areas.",
            reason="The reading notes put the dragon areas in the south-east and the brown "
            "areas in the north-west, and neither book hints that smaller games have fewer "
            "dragon areas.",
        ),
        rule(
            "lotus.board.stand_in",
            "The map is data; rulespec ships a schematic stand-in",
            "Neither book gives the area names or which areas touch. Adjacency matters in "
            "three places only: rebellion rewards (lotus.rebellion.adjacent_only), new "
            "chips in phase 6 (lotus.expand.adjacency) and the largest territory "
            "(lotus.score.largest_territory); claims ignore it.",
            ["notes:30-36", "lotus.de:202", "lotus.de:248", "lotus.de:266"],
            kind=RULING,
            options=(
                "ship a documented schematic board with the stated counts; load the real "
                "map from a file",
                "refuse to play without the printed map",
            ),
            decision="The default board is a schematic stand-in with 39 areas, 8 brown, 7 "
            "light and 1 brown lotus area, 3 light dragon areas, symmetric adjacency, a "
            "connected map whose light areas are connected on their own. Any board file in "
            "the same format replaces it and is checked the same way.",
            reason="Apart from the map the rules are complete; connectedness is what keeps "
            "phase 6 from stalling (lotus.expand.disconnected), and the counts are the ones "
            "the books and notes give.",
        ),
        # --- setup --------------------------------------------------------------------
        rule(
            "lotus.setup.kit",
            "Each player takes his colour's overview card, 5 markers and 16 chips",
            "Each player picks a colour and takes its overview card (a reminder of the "
            "income and scoring tables), its five claim markers and its sixteen round "
            "chips. With fewer than six players the markers, dragon cards and chips of the "
            "unused colours go back in the box.",
            ["lotus.de:79-83", "lotus.de:100", "lotus.fr:83-87", "lotus.fr:100"],
        ),
        rule(
            "lotus.setup.dragon_cards",
            "Each player holds one dragon card of every other colour, none of his own",
            "Every player holds one dragon card per opponent, so n − 1 cards (four each "
            "with five players). German: each receives a set with his opponents' colours; "
            "French: each hands one card of his colour to every other player and boxes the "
            "rest. The holdings are the same.",
            ["lotus.de:84", "lotus.fr:88"],
        ),
        rule(
            "lotus.setup.starting_cards",
            "Start: three 1-value combat cards and influence 3, 3, 2, 2, 1, 1",
            "Each player starts with three combat cards of value 1 (3 combat points) and "
            "six influence cards, two each of values 3, 2 and 1 (12 influence points).",
            ["lotus.de:85-86", "lotus.fr:89-90"],
        ),
        rule(
            "lotus.setup.zero_card",
            "German: each player also gets the 0-card of his own dragon; French: none",
            "German edition: each player also takes the influence card of value 0 that "
            "shows his own colour's dragon; with fewer than six players the other 0-cards go "
            "back in the box. French edition: the 0-cards are in the box list but are not "
            "used. Variant row zero_cards.",
            ["lotus.de:87", "lotus.fr:77", "lotus.fr:91"],
        ),
        rule(
            "lotus.setup.card_piles",
            "The remaining cards form open piles by value: the bank",
            "The influence cards not dealt are sorted by value into three face-up piles on "
            "one side of the board; the combat cards likewise, kept apart. These piles are "
            "where cards are paid to and taken from.",
            ["lotus.de:91-92", "lotus.fr:92-93"],
        ),
        rule(
            "lotus.setup.start_chips",
            "Start chips are dealt at random onto the lotus areas in play",
            "With three to five players a palace, a temple, a rice field, a fortress and "
            "three villages are mixed face down onto the seven light lotus areas and then "
            "turned up; with six players one more village joins them and all eight lotus "
            "areas are used. The French lists the eight-chip set first and then says there "
            "is one village fewer with fewer than six players: same result. rulespec draws "
            "each lotus area's chip, in a fixed area order, from the remaining multiset "
            "(840 equally likely layouts with seven areas, 1680 with eight). Variant row "
            "start_chips.",
            ["lotus.de:94-95", "lotus.fr:94-95"],
        ),
        rule(
            "lotus.setup.draw_supply",
            "All other neutral chips form a hidden draw supply",
            "The remaining neutral chips are kept hidden (German: shuffled face down beside "
            "the board; French: in the bag). rulespec keeps them as an unordered multiset: "
            "each draw is a chance node with probability count / remaining. With three to "
            "five players eight of them are never drawn and need never be decided.",
            ["lotus.de:96", "lotus.fr:96", "lotus.fr:253"],
        ),
        rule(
            "lotus.setup.first_emperor_seat",
            "The first emperor sits in seat 0",
            "The player with the most grey hair, failing that the oldest, is the first "
            "emperor and takes the emperor stone. rulespec numbers the seats clockwise from "
            "him.",
            ["lotus.de:98", "lotus.fr:98"],
            kind=RULING,
            options=("the players decide (seat numbering)", "a random first emperor"),
            decision="Seat 0 is the first emperor; seat i+1 sits clockwise of seat i.",
            reason="The books leave it to the players, so it is not a chance event; "
            "numbering seats from the first emperor keeps every state independent of it.",
        ),
        # --- the year -----------------------------------------------------------------
        rule(
            "lotus.year.phases",
            "A year has six phases in a fixed order",
            "The game is played in years. Each year: 1 claims, 2 resolving the claims, "
            "3 the emperor's victory point, 4 rebellion, 5 new cards, 6 new areas; then the "
            "next year starts with claims. The final year stops after phase 4 "
            "(lotus.end.trigger).",
            ["lotus.de:106", "lotus.de:250", "lotus.fr:104-113", "lotus.fr:257"],
        ),
        # --- phase 1: claims ------------------------------------------------------------
        rule(
            "lotus.claim.three_rounds",
            "Three placement rounds, each starting with the emperor, clockwise",
            "Phase 1 has three rounds. In each, every player in turn, beginning with the "
            "emperor and going clockwise, places one of his markers. The basic part of the "
            "phase ends when everyone has placed three.",
            ["lotus.de:110-114", "lotus.fr:117"],
        ),
        rule(
            "lotus.claim.neutral_only",
            "Markers go only on areas holding a neutral chip",
            "A marker may go on any area that holds a square neutral chip, anywhere on the "
            "board in play; there is no adjacency condition. Owned and empty areas cannot be "
            "claimed.",
            ["lotus.de:112", "lotus.fr:117"],
        ),
        rule(
            "lotus.claim.one_per_colour",
            "At most one marker of each colour per area",
            "No area may hold two markers of the same colour; markers of different players "
            "may share an area, so an area holds at most one marker per player (five with "
            "five players, the books' example).",
            ["lotus.de:116", "lotus.fr:119"],
        ),
        rule(
            "lotus.claim.rice_extra",
            "One optional extra marker per owned rice field, two extras at most",
            "A player who owns areas with his rice-field chip may place one more marker per "
            "such area, but never more than two extra, so never more than five in all; the "
            "extras are optional. German: 'from the second year', at most two extra. French: "
            "no year clause, at most five markers in all. Both give 3 + min(r, 2) = "
            "min(3 + r, 5) markers for r rice fields, and the German year clause changes "
            "nothing because nobody owns an area in phase 1 of the first year. Variant rows "
            "rice_extra_from_year and max_markers.",
            ["lotus.de:118", "lotus.fr:121"],
        ),
        rule(
            "lotus.claim.max_markers",
            "No player places more than five markers a year",
            "A player has five markers, and both books cap the year's placements at five "
            "even with three or more rice fields.",
            ["lotus.de:82", "lotus.de:118", "lotus.fr:86", "lotus.fr:121"],
        ),
        rule(
            "lotus.claim.extra_order",
            "Extra markers go in turn order, one at a time",
            "The extra markers for rice fields are also placed in clockwise turn order, one "
            "per turn.",
            ["lotus.de:120", "lotus.fr:121"],
        ),
        rule(
            "lotus.claim.extra_rounds",
            "Rice extras are placed in rounds 4 and 5, after the three basic rounds",
            "Neither book says whether the extras come after the basic rounds or among "
            "them. The German ends the basic part when everyone has placed three and "
            "mentions the extras afterwards.",
            ["lotus.de:114", "lotus.de:118-120", "lotus.fr:117", "lotus.fr:121"],
            kind=RULING,
            options=(
                "extra rounds 4 and 5 after the three basic rounds",
                "extras interleaved into rounds 1–3",
            ),
            decision="After the three basic rounds, up to two more rounds start with the "
            "emperor and go clockwise; each player with an extra left places one per round "
            "or declines. Declining ends that player's extras for this year. Players with "
            "no extra left are skipped.",
            reason="It follows the German order of the text, keeps the basic rounds the "
            "same for everyone, and gives the rice-field owner the information of the basic "
            "rounds, which is what an extra marker rewards.",
        ),
        rule(
            "lotus.claim.mandatory",
            "The three basic markers must be placed when a legal area exists",
            "The books state the placements as what each player does; only the rice extras "
            "are described as optional.",
            ["lotus.de:112", "lotus.de:118", "lotus.fr:117", "lotus.fr:121"],
            kind=RULING,
            options=(
                "basic markers compulsory, extras optional",
                "any marker may be held back",
            ),
            decision="A basic placement cannot be passed while a legal area exists; the "
            "extras may be declined (lotus.claim.extra_rounds).",
            reason="Both books use the plain indicative for the basic markers and 'may' "
            "only for the extras.",
        ),
        rule(
            "lotus.claim.no_legal_area",
            "No legal area: the placement is skipped",
            "A player can run out of legal areas, for instance when a single neutral area "
            "is left (one marker per colour per area) or through lotus.claim.chip_supply. "
            "The books do not say what happens then.",
            ["lotus.de:116", "lotus.de:254-256", "lotus.fr:119"],
            kind=RULING,
            options=(
                "that placement is skipped; the rounds go on for the others",
                "phase 1 ends for everyone",
            ),
            decision="A player with no legal area when his turn comes skips that placement "
            "(the marker stays unused); the rounds continue for the others.",
            reason="The German expressly plays a full year with only one neutral area left, "
            "which only makes sense if markers that cannot be placed are simply not placed.",
        ),
        rule(
            "lotus.claim.chip_supply",
            "A marker may go only where the player could show the building",
            "A player's own chips can run short of a building (3 palaces for 5 neutral "
            "palaces, 4 temples for 5, 5 fortresses for 6, 4 rice fields for 6, 16 chips for "
            "31 or 39 areas), and a sole claimant must put down his own chip of the same "
            "building. The books never consider it.",
            ["lotus.de:35-42", "lotus.de:126", "lotus.fr:43-46", "lotus.fr:129"],
            kind=RULING,
            options=(
                "a claim is legal only if the holding stays feasible were he to win this "
                "area and every area he currently claims",
                "allow the claim; if the winner has no chip, the area stays neutral",
                "chips are unlimited",
            ),
            decision="With chip_supply = 'limited' (default) a marker may go on an area "
            "only if the player's holding would stay feasible (lotus.components.chip_flip) "
            "if he won this area and every area he already claims this year. With "
            "chip_supply = 'unlimited' there is no check.",
            reason="The books assume every award can be made with the winner's own chip; "
            "this is the only reading under which every award they describe is always "
            "possible (feasibility is an upper bound, so winning a subset of one's claims "
            "stays feasible), and it changes no game in which the chips do not run out.",
            option="chip_supply",
        ),
        # --- phase 2: resolving claims ------------------------------------------------
        rule(
            "lotus.resolve.palace_first_year1",
            "First year: the palace area is settled first",
            "In the first year the area holding the palace is resolved before any other, "
            "whether it has one claimant or several; the emperor does not choose it. The "
            "German states this among the conflict steps, the French as a preliminary note "
            "before single claimants: same result.",
            ["lotus.de:130", "lotus.de:138", "lotus.fr:125", "lotus.fr:139"],
        ),
        rule(
            "lotus.resolve.palace_owner_emperor",
            "First year: the palace's new owner becomes emperor at once",
            "Whoever gains the first-year palace area becomes emperor immediately and takes "
            "the stone, with all the emperor's powers for the rest of the phase. If the "
            "palace area is contested, the first emperor breaks ties in that conflict.",
            ["lotus.de:130-132", "lotus.fr:125"],
        ),
        rule(
            "lotus.resolve.palace_unclaimed_year1",
            "First year: if nobody claims the palace, nothing special happens",
            "In the first year every player may leave the palace area alone (three players "
            "place nine markers on seven areas and can avoid it). The palace-first rule then "
            "has nothing to settle.",
            ["lotus.de:130", "lotus.de:163", "lotus.fr:125", "lotus.fr:187"],
            kind=RULING,
            options=(
                "the first emperor stays (with no palace); the palace area stays neutral",
                "apply palace-first in whichever year the palace is first claimed",
            ),
            decision="The first emperor keeps the stone; the palace area stays neutral and "
            "is an ordinary area in later years.",
            reason="Both books tie the rule to the first year, and the general emperor rule "
            "(lotus.resolve.emperor_change) makes the first palace owner emperor whenever "
            "that happens anyway.",
        ),
        rule(
            "lotus.resolve.uncontested",
            "A single claimant takes the area for free",
            "If only one player has a marker in an area, he gets it without spending cards: "
            "he replaces the neutral chip with one of his own showing the same building, "
            "the neutral chip leaves the game and he takes his marker back.",
            [
                "lotus.de:124-126",
                "lotus.de:160",
                "lotus.fr:127-129",
                "lotus.fr:181",
            ],
        ),
        rule(
            "lotus.resolve.uncontested_first",
            "Single claimants are awarded all at once, then the emperor check",
            "Neither book says when single-claimant areas are handed out, and it matters: a "
            "new palace won uncontested can make its claimant emperor before the conflicts, "
            "whose order and ties the emperor decides.",
            [
                "lotus.de:124-132",
                "lotus.de:163-165",
                "lotus.fr:127-133",
                "lotus.fr:187",
            ],
            kind=RULING,
            options=(
                "all at once at the start of the phase, after the first-year palace area",
                "the emperor schedules them like conflicts",
                "after all conflicts",
            ),
            decision="At the start of phase 2, after the first-year palace area, every "
            "area with exactly one claimant is awarded at once. Then the emperor check runs "
            "once: if the emperor no longer has the most palaces, the player who alone has "
            "the most becomes emperor; if several are tied on top above him, the first of "
            "them clockwise after the emperor does.",
            reason="Both books present single claimants as their own step before the "
            "conflicts, and the emperor's power to order is stated only for contested "
            "areas. The tie rule equals awarding them one by one in seat order from the "
            "emperor under 'as soon as' (lotus.resolve.emperor_change).",
        ),
        rule(
            "lotus.resolve.emperor_orders",
            "The emperor picks the contested areas one at a time",
            "The current emperor chooses which area claimed by several players is fought "
            "over next; when it is settled he chooses the next.",
            [
                "lotus.de:132",
                "lotus.de:138",
                "lotus.de:156",
                "lotus.fr:133",
                "lotus.fr:137",
                "lotus.fr:173",
            ],
        ),
        rule(
            "lotus.resolve.emperor_change",
            "Whoever has more palaces than the emperor becomes emperor at once",
            "As soon as a player owns more palaces than the emperor he becomes emperor, with "
            "all the powers (choosing the next area, breaking ties); equalling the emperor "
            "changes nothing. German: literally 'more palaces than another', clearly meaning "
            "the emperor, as its next sentence shows. French: 'one palace more than the "
            "sitting emperor', which is how it happens when areas are awarded one at a "
            "time. Same result.",
            ["lotus.de:163-165", "lotus.fr:187"],
        ),
        rule(
            "lotus.resolve.unclaimed_neutral",
            "Unclaimed areas stay neutral",
            "An area nobody placed a marker on keeps its neutral chip face up and can be "
            "claimed again next year.",
            ["lotus.de:162", "lotus.fr:185"],
        ),
        rule(
            "lotus.resolve.phase_end",
            "Phase 2 ends when every claimed area is settled",
            "When no claimed area is left undecided the phase is over.",
            ["lotus.de:156", "lotus.fr:175-177"],
        ),
        # --- conflicts --------------------------------------------------------------------
        rule(
            "lotus.conflict.participants",
            "Exactly the claimants of the area fight, all of them",
            "Only the players with a marker in the chosen area take part, and each of them "
            "must; the emperor only if he has a marker there. The French says explicitly "
            "that all present must take part, the German implies it.",
            ["lotus.de:134", "lotus.fr:133"],
        ),
        rule(
            "lotus.conflict.target",
            "Each participant secretly names an opponent with a dragon card",
            "Each participant lays one dragon card face down, of the colour of the player "
            "he wants out of the area. A dragon card is compulsory; nobody can target "
            "himself, having no card of his own colour.",
            ["lotus.de:139", "lotus.fr:143"],
        ),
        rule(
            "lotus.conflict.target_present",
            "The target must be another participant still in the area",
            "The books describe the target as the player one wants out of this area but do "
            "not forbid a dragon card of an absent colour.",
            ["lotus.de:139", "lotus.fr:143"],
            kind=RULING,
            options=("only participants still in the area", "any opponent's colour"),
            decision="A participant may target only another player who still has a marker "
            "in the area in this round.",
            reason="A card against an absent player cannot remove anyone and would make the "
            "bid meaningless; the books' purpose for the card is to push someone out.",
        ),
        rule(
            "lotus.conflict.bid",
            "Each participant secretly commits any amount of influence",
            "With his dragon card each participant secretly sets aside as many influence "
            "points as he likes, none included. German: the cards are laid face down; "
            "French: taken in hand. In a sealed model the difference does not show.",
            ["lotus.de:140", "lotus.fr:147"],
        ),
        rule(
            "lotus.conflict.reveal",
            "Simultaneous reveal; influence is summed per targeted player",
            "All participants reveal dragon card and influence together. For each player "
            "targeted by at least one dragon card, the influence of everyone who targeted "
            "him is added up. A player nobody targeted has no total.",
            ["lotus.de:141", "lotus.fr:151"],
        ),
        rule(
            "lotus.conflict.loser",
            "The player with the largest total against him leaves",
            "The player against whom the most influence was played takes his marker back "
            "and is out of this area for this year.",
            ["lotus.de:153", "lotus.fr:155"],
        ),
        rule(
            "lotus.conflict.tie_emperor",
            "Ties: the emperor chooses who leaves, even in his own favour",
            "If several players share the largest total, the current emperor decides which "
            "of them leaves; if he is one of them he may spare himself. German: the emperor "
            "picks which of 'the players involved' leaves; French: a tie against two or more "
            "players, the emperor picks who is ejected. rulespec reads both as a choice "
            "among the tied players (lotus.conflict.removal_candidates).",
            ["lotus.de:161", "lotus.fr:155", "lotus.fr:183"],
        ),
        rule(
            "lotus.conflict.removal_candidates",
            "Only players targeted by a dragon card can be removed",
            "When all bids are zero (or totals tie at zero) it is unclear whether an "
            "untargeted participant, whose total is nothing, can be chosen to leave. With "
            "three participants A→B, B→A, C→A all bidding 0, A and B have totals of 0 and C "
            "has none.",
            ["lotus.de:141", "lotus.de:161", "lotus.fr:151", "lotus.fr:159"],
            kind=RULING,
            options=(
                "only players targeted by at least one dragon card",
                "every participant, counting an untargeted one as 0",
            ),
            decision="The loser is chosen among the players targeted by at least one dragon "
            "card that have the largest total, also when that total is 0.",
            reason="Totals are formed only for players against whom a dragon card was "
            "played; an untargeted player has no total to be largest, and in the books' "
            "example the untargeted player is never in question.",
        ),
        rule(
            "lotus.conflict.loser_refund",
            "The loser keeps half his bid, rounded up",
            "Whoever he targeted, the loser keeps ⌈B/2⌉ of the B influence points he "
            "committed and the rest goes to the piles. German: he discards half, rounded "
            "down in his favour; French: he keeps half, rounded up, and the rest is "
            "discarded. Same result, since B − ⌊B/2⌋ = ⌈B/2⌉ for every B ≥ 0. Variant row "
            "loser_refund.",
            ["lotus.de:153", "lotus.fr:155"],
        ),
        rule(
            "lotus.conflict.others_pay",
            "Everyone else in the round loses his whole bid",
            "Every participant other than the loser, whether he targeted the loser or not, "
            "returns all the influence he committed to the piles. (German: the loser gathers "
            "these cards and puts them back.)",
            ["lotus.de:154", "lotus.fr:165"],
        ),
        rule(
            "lotus.conflict.zero_card",
            "German 0-cards always go back to their owner",
            "German edition: a committed 0-card is a bluff; it adds nothing and its owner "
            "takes it back, loser or not. French: there are no 0-cards. Results are the "
            "same either way.",
            ["lotus.de:154", "lotus.fr:91"],
        ),
        rule(
            "lotus.conflict.dragon_return",
            "Dragon cards go back to their owners after each reveal",
            "Neither book says what happens to dragon cards once revealed.",
            ["lotus.de:84", "lotus.de:139", "lotus.fr:88", "lotus.fr:143"],
            kind=RULING,
            options=("they return to their owners", "they are spent"),
            decision="After every reveal, conflict or rebellion, each dragon card returns to "
            "the player who played it.",
            reason="Each player has exactly one card per opponent and needs one in every "
            "conflict round and every rebellion.",
        ),
        rule(
            "lotus.conflict.repeat",
            "Rounds repeat until one claimant is left",
            "The remaining participants repeat target, bid, reveal and payment; each round "
            "removes exactly one player.",
            ["lotus.de:155", "lotus.fr:169"],
        ),
        rule(
            "lotus.conflict.award",
            "The last claimant takes the area",
            "The last player left swaps the neutral chip for his own chip of the same "
            "building (the neutral chip leaves the game) and takes his marker back. He pays "
            "nothing beyond what the rounds cost him.",
            ["lotus.de:155", "lotus.fr:169"],
        ),
        rule(
            "lotus.conflict.example",
            "The books' influence example: blue leaves, red and green fight on",
            "Against red one dragon card with 2 points; against blue two dragon cards with "
            "5 points together; against green nothing. Blue has the largest total and "
            "leaves; red and green continue. The French states the outcome (twice, a layout "
            "repeat); the German leaves it to its picture.",
            ["lotus.de:143-149", "lotus.fr:159", "lotus.fr:163"],
        ),
        # --- secret stages and information ----------------------------------------------
        rule(
            "lotus.secret.commit_order",
            "Secret commitments are taken one at a time, clockwise from the emperor",
            "Conflict rounds and the rebellion's sides and combat are simultaneous and "
            "secret. An engine asks one player at a time.",
            [
                "lotus.de:139-141",
                "lotus.de:182-183",
                "lotus.fr:143-151",
                "lotus.fr:203-205",
            ],
            kind=RULING,
            options=(
                "one at a time, clockwise from the emperor, hidden until the reveal",
                "a single joint action of all players",
            ),
            decision="The players of a secret stage commit one at a time in clockwise order "
            "from the emperor. Others see that a player has committed, never what; a "
            "commitment cannot be revised; everything is revealed together when the last "
            "player has committed.",
            reason="Since no commitment is visible before the reveal, the order cannot "
            "change any result (a test permutes it); physically rearranging cards before "
            "the reveal is the same as committing last.",
        ),
        rule(
            "lotus.secret.zero_allowed",
            "Committing nothing is allowed, in conflicts and rebellions",
            "German: 'any number' of influence points; French: as many as the player wants. "
            "For combat the German says all players must commit combat cards, which "
            "describes the step, not a minimum.",
            ["lotus.de:140", "lotus.de:183", "lotus.fr:147", "lotus.fr:205"],
            kind=RULING,
            options=("zero allowed", "at least one point"),
            decision="A participant may commit 0 influence (but must still play a dragon "
            "card) and anyone may commit 0 combat points; allies who commit 0 still share "
            "a victory's rewards.",
            reason="A player without cards must still be able to take part, and the French "
            "wording is plainly 'what he wishes'.",
        ),
        rule(
            "lotus.info.hidden",
            "Card holdings and pending commitments are hidden; draw order does not exist",
            "What a player may see. The German keeps all cards face down for the whole game; "
            "the French says nothing. Everything that changes a holding happens in public "
            "(fixed starting cards, income from open piles, payments after a reveal), so a "
            "player with perfect recall could work out every opponent's points.",
            ["lotus.de:89", "lotus.de:96", "lotus.de:139-141", "lotus.fr:96", "lotus.fr:147"],
            kind=RULING,
            options=(
                "other players' card points hidden (the physical game)",
                "card points public (what a perfect-recall player can deduce)",
            ),
            decision="An observation shows the player his own points and pending "
            "commitment, and everything on the table: the board, markers, chips, emperor and "
            "leader, VP chips, the bank, who has committed, every revealed commitment. Other "
            "players' card points are hidden, and so are other players' pending commitments "
            "until the reveal. The order of the neutral draw supply is not part of the "
            "state: each draw is taken from the unordered supply.",
            reason="The German book hides the cards and the French does not contradict it; "
            "a frontend or bot that wants the information-state view can rebuild the totals "
            "from the public history. A draw order that does not exist cannot leak.",
        ),
        # --- phase 3: the emperor's point ------------------------------------------------
        rule(
            "lotus.tribute.emperor_point",
            "The emperor takes one victory-point chip",
            "After phase 2 the emperor takes one VP chip. German: the player with the most "
            "palaces at that moment, who is therefore emperor; French: the emperor in "
            "office. Same result, because the emperor always has at least as many palaces as "
            "anyone (lotus.tribute.stone_holder for the case of no palaces).",
            ["lotus.de:169", "lotus.fr:191"],
        ),
        rule(
            "lotus.tribute.only_phase3",
            "The emperor scores only in phase 3",
            "A player who becomes emperor during the rebellion gets no VP chip for it.",
            ["lotus.de:222", "lotus.fr:233"],
        ),
        rule(
            "lotus.tribute.stone_holder",
            "With no palace owned, the stone holder takes the point",
            "If nobody owns a palace (the first-year palace was not claimed), the German "
            "'most palaces' is a tie of everyone at zero.",
            ["lotus.de:169", "lotus.fr:191"],
            kind=RULING,
            options=("the holder of the emperor stone", "nobody", "every player tied at 0"),
            decision="The player holding the emperor stone takes the VP chip.",
            reason="The French names the emperor in office, and the German's 'and so the "
            "emperor' points at the same player.",
        ),
        # --- phase 4: rebellion -----------------------------------------------------------
        rule(
            "lotus.rebellion.candidates",
            "Only a player owning a village may lead a rebellion",
            "The emperor asks who will lead a rebellion against him. A leader must own at "
            "least one area with a village.",
            ["lotus.de:175", "lotus.fr:195"],
        ),
        rule(
            "lotus.rebellion.emperor_not_candidate",
            "The emperor cannot lead a rebellion",
            "Neither book says it in so many words.",
            ["lotus.de:175", "lotus.de:180", "lotus.fr:195", "lotus.fr:201"],
            kind=RULING,
            options=("the emperor is never asked", "the emperor may lead against himself"),
            decision="The emperor is not a candidate.",
            reason="A rebellion is against the emperor, and the books always set the "
            "emperor against the leader.",
        ),
        rule(
            "lotus.rebellion.asking_order",
            "Candidates are asked in order of most villages",
            "The candidate with the most villages decides first; if he declines, the next "
            "most, and so on. The first to accept leads; if all decline there is no "
            "rebellion this year and play moves to phase 5. At most one rebellion a year. "
            "The German lists the second most explicitly; the French names only the first "
            "decider and the case that nobody wants to: same result.",
            ["lotus.de:177", "lotus.fr:197"],
        ),
        rule(
            "lotus.rebellion.candidate_tie",
            "Equal villages: the first tied player clockwise after the emperor asks first",
            "French: among players with equally many villages, the first after the emperor "
            "in turn order decides first. German: silent. Variant row leader_candidate_tie.",
            ["lotus.de:177", "lotus.fr:197"],
            kind=RULING,
            options=(
                "the French order for both editions",
                "the emperor chooses whom to ask",
                "a random order",
            ),
            decision="In both editions, candidates with equally many villages are asked in "
            "clockwise order after the emperor, at every position of the list. For the "
            "German edition this is a ruling.",
            reason="It is the translator's explicit rule for the same game and matches the "
            "German book's default order (clockwise from the emperor).",
        ),
        rule(
            "lotus.rebellion.fixed_sides",
            "Emperor and leader are always on opposite sides",
            "The emperor fights the leader and the leader the emperor; neither chooses a side.",
            ["lotus.de:180", "lotus.fr:201"],
        ),
        rule(
            "lotus.rebellion.sides",
            "Every other player must secretly choose a side with a dragon card",
            "Each player other than the emperor and the leader lays a dragon card face "
            "down: the emperor's colour to fight the emperor (join the rebels), the leader's "
            "colour to fight the leader (join the emperor). Abstaining is not allowed.",
            ["lotus.de:180-182", "lotus.fr:201-203"],
        ),
        rule(
            "lotus.rebellion.side_reveal",
            "When the sides are revealed differs: German with the combat cards, French before",
            "French: the side cards are turned up together before anyone commits combat "
            "cards. German: the side cards are laid face down first, then combat cards are "
            "committed and revealed together; the text never says when the side cards are "
            "turned up. It matters: knowing the sides tells everyone how much is needed. "
            "Variant row side_reveal.",
            ["lotus.de:182-183", "lotus.fr:203"],
            kind=AMBIGUITY,
            options=(
                "with_combat: sides stay hidden and are revealed with the combat cards",
                "before_combat: sides are revealed first, then combat is committed",
            ),
            decision="German edition: with_combat, the sides stay hidden until the combat "
            "cards are revealed, so nobody knows the sides when committing combat. French "
            "edition: before_combat, the sides are revealed when everyone has chosen, before "
            "anyone commits combat. In both, rulespec takes the side choices as one secret "
            "step and the combat commitments as the next; with_combat shows nothing between "
            "them, which is the same as choosing side and combat together.",
            reason="The German mentions only one reveal, as in an influence conflict where "
            "target and bid are revealed together; the French says so explicitly.",
        ),
        rule(
            "lotus.rebellion.combat_commit",
            "Everyone, emperor and leader too, secretly commits combat points",
            "Every player commits a number of combat points in secret, to be revealed "
            "together. The German allows changing card values beforehand; the French is "
            "silent on change (lotus.cards.change). Zero is allowed "
            "(lotus.secret.zero_allowed).",
            ["lotus.de:183", "lotus.fr:205"],
        ),
        rule(
            "lotus.rebellion.emperor_bonus",
            "+2 per palace of the emperor",
            "The emperor's side adds two points for each palace the emperor himself owns.",
            ["lotus.de:185", "lotus.fr:207"],
        ),
        rule(
            "lotus.rebellion.leader_bonus",
            "+1 per village of the leader",
            "The rebels add one point for each village the leader himself owns.",
            ["lotus.de:187", "lotus.fr:207"],
        ),
        rule(
            "lotus.rebellion.no_ally_bonus",
            "Allies' buildings add nothing",
            "Palaces and villages of the allies give no bonus. Explicit in German, implied "
            "in French, which counts only the emperor's palaces and the leader's villages.",
            ["lotus.de:187", "lotus.fr:207"],
        ),
        rule(
            "lotus.rebellion.bonus_time",
            "Bonuses are counted at the reveal",
            "The books do not say when the emperor's palaces and the leader's villages are "
            "counted; it could matter only if something changed between reveal and rewards.",
            ["lotus.de:185-187", "lotus.fr:207"],
            kind=RULING,
            options=("at the reveal, before any reward", "after the rewards"),
            decision="Count them at the reveal, before any reward is taken.",
            reason="The bonus is part of the fight, and the winner must be known before any "
            "reward exists.",
        ),
        rule(
            "lotus.rebellion.winner",
            "The higher total wins; a tie goes to the emperor's side",
            "Each side adds its combat points and its bonus; the larger total wins, and "
            "equal totals give the victory to the emperor and his allies.",
            ["lotus.de:189", "lotus.fr:207"],
        ),
        rule(
            "lotus.rebellion.discard_all",
            "All committed combat points are discarded",
            "Unlike in an influence conflict, every player on both sides returns all the "
            "combat cards he committed to the piles.",
            ["lotus.de:190", "lotus.fr:209"],
        ),
        rule(
            "lotus.rebellion.rewards",
            "Each winner gets one reward: a loser's area, else a VP chip",
            "Every player on the winning side, allies who committed nothing included, is "
            "entitled to one reward: an area taken from a player of the losing side, or a VP "
            "chip. French: the VP chip only when no area can be taken. German: 'an area or a "
            "VP chip', read with lotus.rebellion.reward_vp_by_choice.",
            ["lotus.de:194", "lotus.de:205", "lotus.fr:211", "lotus.fr:222"],
        ),
        rule(
            "lotus.rebellion.reward_vp_by_choice",
            "German: may a winner take a VP chip although an area is available?",
            "The German first offers 'an area or a VP chip' as the reward, then calls the "
            "VP chip a replacement when no area can be taken, and its examples treat it as "
            "a consolation. The French gives the VP chip only failing an area. A winner "
            "might prefer the chip, for instance to avoid taking the emperor's palace.",
            [
                "lotus.de:194",
                "lotus.de:205",
                "lotus.de:216",
                "lotus.de:220",
                "lotus.fr:211",
                "lotus.fr:222",
            ],
            kind=AMBIGUITY,
            options=(
                "area_first: an area must be taken if one is legal; the VP chip otherwise",
                "player_choice: the winner may take a VP chip instead of a legal area",
            ),
            decision="Default reward_choice = 'area_first' in both editions; "
            "reward_choice = 'player_choice' lets every winner take the VP chip instead.",
            reason="Two of the three German passages and the French text make the chip a "
            "fallback; the first German sentence supports the choice, so players may opt "
            "into it.",
            option="reward_choice",
        ),
        rule(
            "lotus.rebellion.reward_compulsory",
            "A winner must take a reward, choosing freely among the legal areas",
            "The books do not provide for declining a reward.",
            ["lotus.de:194", "lotus.fr:211", "lotus.fr:219"],
            kind=RULING,
            options=("a reward must be taken", "a winner may take nothing"),
            decision="A winner chooses any legal area of any loser; if there is none he takes "
            "the VP chip (under reward_choice = 'player_choice' he may take the chip "
            "anyway). He cannot take nothing.",
            reason="The books speak of an entitlement and never of declining; declining "
            "could only matter by sparing a loser for a later winner, which the reward "
            "order already governs.",
        ),
        rule(
            "lotus.rebellion.reward_order",
            "The winning side's leader chooses first, then allies by combat points",
            "If the emperor's side wins, the emperor takes his reward first, then his allies "
            "from most to fewest combat points committed (card points only). If the rebels "
            "win, the leader first, then the rebel allies in the same way.",
            ["lotus.de:198", "lotus.de:210", "lotus.fr:215", "lotus.fr:227"],
        ),
        rule(
            "lotus.rebellion.reward_tie",
            "Allies with equal combat points: the first clockwise after the winning leader",
            "German: among allies who committed the same, the one sitting first to the left "
            "of the victorious leader chooses first (its six-player example applies this as "
            "clockwise after the leader). French: the one closest to the emperor, or to the "
            "rebel leader, in turn order. Both: the tied seat s minimising (s − leader) mod n, "
            "where leader is the emperor or the rebel leader, whichever side won. Variant "
            "row reward_tie.",
            ["lotus.de:198", "lotus.de:220", "lotus.fr:215", "lotus.fr:227"],
        ),
        rule(
            "lotus.rebellion.adjacent_only",
            "Take only an area adjacent to one of your own",
            "A winner may take only a loser's area that borders an area he owns.",
            ["lotus.de:202", "lotus.fr:219"],
        ),
        rule(
            "lotus.rebellion.landless",
            "A winner with no area may take any loser's area",
            "A winner who owns no area on the board may take any area of a player on the "
            "losing side.",
            ["lotus.de:203", "lotus.fr:220"],
        ),
        rule(
            "lotus.rebellion.one_loss",
            "No loser loses more than one area",
            "Each player on the losing side loses at most one area in this rebellion.",
            ["lotus.de:204", "lotus.fr:221"],
        ),
        rule(
            "lotus.rebellion.vp_fallback",
            "No legal area: a VP chip instead",
            "A winner who cannot take any area because of the restrictions takes a VP chip "
            "instead.",
            ["lotus.de:205", "lotus.fr:222"],
        ),
        rule(
            "lotus.rebellion.same_building",
            "The building stays the same; the removed chip goes back to its owner",
            "The taker replaces the loser's chip with his own chip of the same building; the "
            "building type never changes. German: the removed chip goes back to its owner; "
            "the French does not say, and rulespec returns it in both editions.",
            ["lotus.de:206", "lotus.fr:223"],
        ),
        rule(
            "lotus.rebellion.chip_supply",
            "A winner may take only an area whose building he can show",
            "The taker must put down his own chip of the same building, and he may have none "
            "left (lotus.claim.chip_supply).",
            ["lotus.de:205-206", "lotus.fr:222-223"],
            kind=RULING,
            options=(
                "only areas whose building the taker can show are legal",
                "chips are unlimited",
            ),
            decision="With chip_supply = 'limited' (default) an area is a legal reward only "
            "if the taker's holding stays feasible with it (lotus.components.chip_flip); if "
            "no area is legal he takes the VP chip. With 'unlimited' there is no check.",
            reason="Being unable to show the building is a restriction that prevents the "
            "take, and for that case the books give the VP chip. The option is the one of "
            "lotus.claim.chip_supply; both checks switch together.",
        ),
        rule(
            "lotus.rebellion.adjacency_time",
            "Adjacency and losses are judged when each winner chooses",
            "The books do not say whether legal areas are fixed before the first reward.",
            ["lotus.de:202-205", "lotus.fr:219-222"],
            kind=RULING,
            options=("judged at each winner's turn", "fixed before the first reward"),
            decision="Each winner's legal areas are computed when his turn to choose comes: "
            "areas of losers who have not yet lost one in this rebellion, adjacent to one of "
            "his own (any, if he owns none), whose building he can show.",
            reason="Winners never lose areas during the rewards, so their own areas are "
            "those they had at the reveal; only the set of losers still open changes, which "
            "is exactly the one-loss rule.",
        ),
        rule(
            "lotus.rebellion.rebel_side_restrictions",
            "The same restrictions apply when the rebels win",
            "German: the restrictions and rules described for an imperial victory apply "
            "unchanged. The French lists them only under the emperor's victory and is "
            "silent in the rebels' section.",
            ["lotus.de:210", "lotus.fr:217-227"],
            kind=RULING,
            options=("same restrictions", "no restrictions for the rebels"),
            decision="Both editions apply the adjacency, landless, one-loss, VP fallback and "
            "same-building rules whichever side wins.",
            reason="It is the only sensible reading of the French and what the German says.",
        ),
        rule(
            "lotus.rebellion.examples",
            "German rebellion examples for four, five and six players",
            "Five players, three rebels win: the leader takes an area from one loser, the "
            "rebel with more combat points from the other, the third rebel gets a VP chip. "
            "Four players, the emperor alone beats three rebels: he takes one area, the "
            "others lose nothing. Six players, three against three with equal totals: the "
            "emperor's side wins; after the emperor, of his two allies with equal combat "
            "points the one first clockwise after the leader chooses; the last ally gets a "
            "VP chip if no area of the last rebel borders his own.",
            ["lotus.de:212-220"],
        ),
        rule(
            "lotus.rebellion.new_emperor",
            "After a rebellion the player with the most palaces becomes or stays emperor",
            "German: whoever then owns the most palaces becomes or stays emperor; the "
            "erratum adds that if the old emperor no longer has the most and nobody else has "
            "the most alone, the one of those tied who took a palace from the old emperor "
            "becomes emperor. French: a player with more palaces than the emperor becomes "
            "emperor at once. Both leave cases open (lotus.rebellion.new_emperor_ties). "
            "Variant row emperor_after_rebellion.",
            ["lotus.de:222", "lotus.de:306-309", "lotus.fr:231"],
        ),
        rule(
            "lotus.rebellion.new_emperor_ties",
            "Emperor after a rebellion: the full procedure for ties",
            "Cases the books leave open: (French) several players pass the emperor, with "
            "one or none alone on top; (both) the old emperor is overtaken by players tied "
            "on top of whom none took a palace from him, which can happen even when the "
            "emperor's own side wins.",
            ["lotus.de:222", "lotus.de:306-309", "lotus.fr:231"],
            kind=RULING,
            options=(
                "evaluate once after all rewards: the most palaces, then the erratum, then "
                "the first tied player clockwise after the old emperor",
                "French 'immediately' read step by step: the first to pass the sitting "
                "emperor during the rewards takes over",
                "the old emperor stays although he no longer has the most",
            ),
            decision="(1) Evaluate once, after all rewards; the reward order, fixed before the "
            "first reward, does not change. With M the most palaces anyone then owns: "
            "(2) if the old emperor has M he stays; (3) else if exactly one player has M he "
            "becomes emperor; (4) else if the player who took a palace from the old emperor "
            "in this rebellion has M he becomes emperor; (5) else the first player with M "
            "clockwise after the old emperor does. Steps 2–4 are the German text and "
            "erratum; for the French edition steps 3–5 are rulings (its text covers only a "
            "single player passing the emperor), and step 5 is a ruling in both editions. "
            "No VP chip comes with it (lotus.tribute.only_phase3).",
            reason="It keeps the emperor among the players with the most palaces, which "
            "phase 3 relies on; step 4 is the publisher's own answer for the same game; the "
            "step-by-step reading can contradict the erratum (a palace taken from a third "
            "player early in the order crowns the wrong player), and letting the old "
            "emperor stay breaks the invariant.",
        ),
        rule(
            "lotus.rebellion.no_zero_card",
            "German 0-cards play no part in a rebellion",
            "The German 0-card is an influence card; a rebellion uses combat cards only.",
            ["lotus.de:64-65", "lotus.de:87", "lotus.de:183"],
            kind=RULING,
            options=("not usable in a rebellion", "usable as a bluff there too"),
            decision="The 0-card cannot be committed in a rebellion.",
            reason="Combat is fought with combat cards only, and the 0-card is an influence card.",
        ),
        # --- phase 5: income ------------------------------------------------------------
        rule(
            "lotus.income.base",
            "Everyone receives 10 influence and 2 combat points",
            "In phase 5 every player receives cards worth ten influence points and two "
            "combat points, in values of his choosing (the French gives 3×1 + 2×2 + 1×3 as "
            "an example).",
            ["lotus.de:228", "lotus.fr:237"],
        ),
        rule(
            "lotus.income.palace",
            "Per palace: 2 influence or 1 combat, the owner's choice",
            "For each palace he owns a player chooses two influence points or one combat "
            "point, palace by palace.",
            ["lotus.de:232", "lotus.de:240-244", "lotus.fr:241"],
        ),
        rule(
            "lotus.income.temple",
            "Per temple: 3 influence",
            "Each temple owned gives three influence points.",
            ["lotus.de:234", "lotus.de:240-244", "lotus.fr:243"],
        ),
        rule(
            "lotus.income.rice",
            "Per rice field: 1 influence and 1 combat",
            "Each rice field owned gives one influence point and one combat point, both; "
            "the 'or' line of the German table belongs to the palace column only.",
            ["lotus.de:236", "lotus.de:240-244", "lotus.fr:245"],
        ),
        rule(
            "lotus.income.fortress",
            "Per fortress: 2 combat",
            "Each fortress owned gives two combat points.",
            ["lotus.de:238", "lotus.de:240-244", "lotus.fr:247"],
        ),
        rule(
            "lotus.income.village",
            "Villages give nothing",
            "The German table has dashes in the village column; the French does not list "
            "villages among the income buildings.",
            ["lotus.de:240-244", "lotus.fr:239-247"],
        ),
        rule(
            "lotus.income.per_building",
            "Bonuses count per building",
            "Every building owned pays separately: two temples give six influence points "
            "(the French example); the German counts per area with the building.",
            ["lotus.de:230", "lotus.fr:249"],
        ),
        rule(
            "lotus.income.supply_limit",
            "The bank is limited by default: each player gets what is left",
            "The books give exact card counts and a central supply but never say what "
            "happens when a pile is empty. It happens easily: with six players 72 of the "
            "154 influence points are dealt at the start and the base income alone is 60 a "
            "year, so the second income cannot be paid in full unless much flows back "
            "through conflicts; combat points pile up likewise in years without a "
            "rebellion.",
            ["lotus.de:91-92", "lotus.de:228", "lotus.fr:92-93", "lotus.fr:237"],
            kind=RULING,
            options=(
                "limited: players are paid in turn order, each what the bank can still give",
                "unlimited: the bank never runs out",
            ),
            decision="With card_supply = 'limited' (default) players are paid in turn order "
            "from the emperor (lotus.income.order), each receiving min(owed, bank), "
            "influence and combat separately; a shortfall is lost. With 'unlimited' "
            "everyone is paid in full.",
            reason="The books count the cards exactly and send every payment back to the "
            "same open piles, so the supply is part of the game; turn order from the "
            "emperor is their default order for every sequential step.",
            option="card_supply",
        ),
        rule(
            "lotus.income.order",
            "Income is paid in turn order from the emperor",
            "Neither book orders the payouts; the order matters only with a limited bank.",
            ["lotus.de:113", "lotus.de:232", "lotus.de:248", "lotus.fr:241", "lotus.fr:253"],
            kind=RULING,
            options=("clockwise from the emperor", "all at once, shared pro rata"),
            decision="Players are paid one after another clockwise from the emperor. A "
            "palace owner makes his public choice for each palace (2 influence or 1 combat) "
            "when his turn comes.",
            reason="It is the books' default order for sequential steps (claims, new "
            "areas); with card_supply = 'unlimited' the order changes nothing.",
        ),
        # --- phase 6: new areas ---------------------------------------------------------
        rule(
            "lotus.expand.draw_place",
            "Each player draws one neutral chip and places it",
            "In turn order from the emperor, each player draws a hidden neutral chip "
            "(German: turns it up; French: draws it from the bag and looks at it) and places "
            "it face up on an empty area. This chip must be placed.",
            ["lotus.de:248", "lotus.fr:253"],
        ),
        rule(
            "lotus.expand.adjacency",
            "Only next to an area that already has a chip",
            "The empty area chosen must border at least one area holding a chip, neutral or "
            "owned, including chips placed earlier in this phase.",
            ["lotus.de:248", "lotus.fr:253"],
        ),
        rule(
            "lotus.expand.temple_extra",
            "One more chip per temple owned: German optional, French compulsory",
            "German: temple owners may draw and place one more chip per temple, again in "
            "turn order, one at a time. French: each temple owner places one more chip per "
            "temple, with no word on the order. Variant row temple_extra.",
            ["lotus.de:248", "lotus.fr:255"],
        ),
        rule(
            "lotus.expand.temple_order",
            "Temple extras: further rounds from the emperor; German may decline each",
            "The French gives no order for the temple extras, and the German does not say "
            "when a player who may place an extra chip decides.",
            ["lotus.de:248", "lotus.fr:255"],
            kind=RULING,
            options=(
                "further rounds clockwise from the emperor, one extra per player per round",
                "each temple owner places all his extras at once",
            ),
            decision="Temples are counted at the start of phase 6. After the base round, "
            "further rounds start with the emperor and go clockwise; in each, every player "
            "with an extra left draws and places one. German: before drawing, the player "
            "takes or declines that extra (a drawn chip must be placed). French: the extras "
            "are compulsory.",
            reason="The German order is explicit and nothing suggests the French meant "
            "another; deciding before the draw keeps 'may' from becoming a free look at the "
            "supply.",
        ),
        rule(
            "lotus.expand.no_space",
            "No empty area left: the remaining placements lapse",
            "Once every area in play holds a chip, phase 6 has nothing to do. With six "
            "players the supply and the empty areas run out together; with three to five "
            "the supply always outlasts the empty areas, so an empty supply with empty "
            "areas cannot occur.",
            ["lotus.de:248", "lotus.de:254-256", "lotus.fr:253"],
            kind=RULING,
            options=("remaining draws lapse", "chips are drawn and discarded"),
            decision="If no empty area is left, no chip is drawn; the base and extra "
            "placements still due this year lapse.",
            reason="A drawn chip has nowhere to go, and drawing it would only reveal "
            "information the rules never call for.",
        ),
        rule(
            "lotus.expand.disconnected",
            "A board whose areas in play are not connected is rejected",
            "On a connected board some empty area always borders a chip while any is empty "
            "(follow a path from a chip to it). On a disconnected board phase 6 could stall "
            "and the game never end.",
            ["lotus.de:248", "lotus.de:254", "lotus.fr:253"],
            kind=RULING,
            options=("reject disconnected boards", "allow any empty area when none borders a chip"),
            decision="Board validation requires the whole map and its light areas to be "
            "connected (lotus.board.stand_in), so the case cannot arise.",
            reason="The printed board is one map, and the game must be able to end.",
        ),
        # --- end and scoring ------------------------------------------------------------
        rule(
            "lotus.end.trigger",
            "The game ends after phase 4 of the year in which every area became owned",
            "When every area in play holds a player chip, which can only happen in phase 2, "
            "phases 3 and 4 are still played (a last rebellion can move areas) and then the "
            "game is scored; phases 5 and 6 are skipped. Even with a single neutral area "
            "left, phases 1 to 4 are played in full.",
            ["lotus.de:254-256", "lotus.fr:261"],
        ),
        rule(
            "lotus.end.leftover_chips",
            "With three to five players eight neutral chips stay unused",
            "The German notes that eight neutral chips are left over at the end with fewer "
            "than six players; the French does not mention it.",
            ["lotus.de:256"],
        ),
        rule(
            "lotus.end.dragon_areas",
            "Three areas carry a dragon symbol",
            "Three areas of the board show a round dragon symbol; they score extra at the "
            "end (lotus.score.dragons).",
            ["lotus.de:267", "lotus.fr:267"],
        ),
        rule(
            "lotus.score.buildings",
            "Palace 3, temple 2, fortress 1, rice field 1, village 1",
            "Each area scores for its owner by its building: palace 3, temple 2, every other "
            "building 1.",
            ["lotus.de:260-264", "lotus.fr:263"],
        ),
        rule(
            "lotus.score.largest_territory",
            "+3 for the single largest connected territory",
            "The player whose largest connected group of own areas is strictly larger than "
            "every other player's scores 3 more; if two or more share the largest, nobody "
            "does. A player with no area has size 0.",
            ["lotus.de:266", "lotus.fr:265"],
        ),
        rule(
            "lotus.score.territory_measure",
            "A territory's size is its number of areas",
            "French: the largest territory is the largest number of contiguous areas. "
            "German: the largest connected territory, with no measure stated. Variant row "
            "territory_measure.",
            ["lotus.de:266", "lotus.fr:265"],
            kind=RULING,
            options=("number of areas", "total building value", "printed size of the areas"),
            decision="In both editions a territory's size is its number of areas; for the "
            "German edition this is a ruling.",
            reason="The French states it, the German gives no other measure, and areas are "
            "the only unit the board defines.",
        ),
        rule(
            "lotus.score.dragons",
            "+2 per dragon area owned",
            "Each dragon area scores two extra points for its owner, on top of its building.",
            ["lotus.de:267", "lotus.fr:267"],
        ),
        rule(
            "lotus.score.vp_chips",
            "+1 per VP chip",
            "Each victory-point chip a player collected, as emperor or instead of an area "
            "after a won rebellion, adds one point.",
            ["lotus.de:268", "lotus.fr:269"],
        ),
        rule(
            "lotus.score.winner",
            "Most points wins; ties: the emperor, then most palaces, else shared",
            "The player with the most points wins. Among players tied for the most, the "
            "emperor wins if he is one of them; otherwise the tied player with the most "
            "palaces wins; if that is still tied, they all win.",
            ["lotus.de:270", "lotus.fr:17", "lotus.fr:271"],
        ),
        rule(
            "lotus.score.final_emperor",
            "The emperor for the final tie-break is the one after the last rebellion",
            "The books do not say which emperor breaks the final tie.",
            ["lotus.de:254", "lotus.de:270", "lotus.fr:261", "lotus.fr:271"],
            kind=RULING,
            options=(
                "the emperor after the final phase 4",
                "the emperor who took the final phase-3 point",
            ),
            decision="The player holding the emperor stone when the game is scored, after "
            "the last phase 4.",
            reason="It is the only emperor there is at scoring time; the rebellion's own "
            "rule (lotus.rebellion.new_emperor) has already settled him.",
        ),
        # --- the negotiation variant ----------------------------------------------------
        rule(
            "lotus.variant.negotiation",
            "Optional variant: deals, card gifts and promises",
            "German: players may negotiate, for instance promise support in one area for "
            "support in another, and may offer influence or combat cards as part of a deal; "
            "no promise binds, and the game takes much longer. French: players may exchange "
            "influence and/or combat cards or promise support in a conflict, with nothing "
            "said about whether promises bind.",
            ["lotus.de:272-274", "lotus.fr:273-275"],
            kind=RULING,
            options=(
                "off: the standard game",
                "on: negotiation with card gifts (lotus.variant.negotiation_window)",
            ),
            decision="Off by default (negotiation = 'off'); negotiation = 'on' opens the "
            "gift windows of lotus.variant.negotiation_window.",
            reason="Both books present negotiation as an optional variant that the players "
            "agree on, and the German warns that it makes the game much longer.",
            option="negotiation",
        ),
        rule(
            "lotus.variant.negotiation_window",
            "Negotiation: public gift windows before each secret stage",
            "Neither book says when cards may change hands. An engine that asks one player "
            "at a time needs fixed moments, and a transfer between a commitment and its "
            "reveal could change what a committed player can pay.",
            ["lotus.de:272-274", "lotus.fr:275"],
            kind=RULING,
            options=(
                "public windows before each secret stage",
                "transfers at any moment",
                "windows at the start of every phase as well",
            ),
            decision="With negotiation = 'on', a public window opens before the secret "
            "commitments of every conflict round and before the rebellion's secret stage "
            "(sides and combat). In it the players, one after another in turn order from "
            "the emperor, may each make any number of gifts of influence and/or combat "
            "points to other players and then pass; the window closes when the last player "
            "has passed. Gifts are public and take effect at once. Only influence and "
            "combat points can be given (never the German 0-card, dragon cards, markers, "
            "chips, areas, VP chips or the emperor's role). Promises are not modelled: talk "
            "is free and nothing is enforced. With negotiation = 'off' (default) there are "
            "no windows.",
            reason="Gifts cover the German 'offer' and, as two gifts, the French 'exchange' "
            "(which nothing could enforce anyway); the windows are the moments at which a "
            "deal about a fight can still change it, and no transfer can slip between a "
            "commitment and its reveal.",
        ),
    ],
)
