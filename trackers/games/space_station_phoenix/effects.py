"""What each Sector and Station Hub does during play, by the moment it happens.

Restated from the rulebook's Reference Guide (Station Hubs; Sectors) in the project's own
words. A Sector's ability works only while its living quarters are occupied, which the app
does not track: so these are prompts ("if occupied"), except where the app applies an effect
itself (``moves_station``: points, Aliens from the supply, Diplomacy advances, extra turns).
A Hub is always on.
"""

from __future__ import annotations

# --- when built (Level-3 Sectors; rulebook: Reference Guide, Level-3 Sectors) ------------------
# The ones the app applies itself are listed by what it does; the rest are prompts.
EXTRA_TURN_WHEN_BUILT = ("301", "323")
ALIENS_WHEN_BUILT: dict[str, tuple[int, str]] = {"311": (2, "brown"), "324": (2, "pink")}
FREE_SECTOR_WHEN_BUILT = "326"
DIPLOMACY_WHEN_BUILT = "328"
POINTS_WHEN_BUILT: dict[str, int] = {"302": 5, "313": 5, "317": 10}
PROMPT_WHEN_BUILT: dict[str, str] = {
    "307": "gain 1 Human from Terra now (free)",
    "318": "gain 1 Human from Terra now (free)",
    "321": "roll 7 Expedition dice now and keep 5; no Expedition bonuses and no Diplomacy "
           "bonuses come with this roll",
    # a placement rule, not an effect of building: said when it joins the station
    "108": "once its quarters are occupied, this station's teal Sectors take Aliens of any "
           "colour (newly placed ones follow the normal rules again if it empties)",
}
# Sectors whose building gives a Human: the gaining-a-Human abilities then apply.
HUMAN_WHEN_BUILT = ("307", "318")

# --- whenever a Human or an Alien is gained -------------------------------------------------
ON_GAINING_HUMAN: dict[str, str] = {
    "115": "+1 point",
    "126": "+2 GEMs",
    "215": "the Human costs 1 resource less (GEMs are not resources)",
    "217": "1 resource of your choice, after paying for the Human",
    "A-10": "the Human costs 1 resource less (GEMs are not resources)",
}
ON_GAINING_ALIEN: dict[str, str] = {"106": "+1 GEM per Alien gained"}

# --- when constructing (a Construction ship builds a Sector) --------------------------------
ON_CONSTRUCTING: dict[str, str] = {
    "122": "+2 points",
    "211": "the Sector costs 1 metal less",
    "227": "an Alien of the built Sector's colour, if the Home Planets board has one",
    "326": "the Sector costs 2 metal less",
    "A-6": "the Sector costs 1 metal less; its own 9 extra Sectors may be built from",
    "A-12": "the Sector costs 1 metal less",
    # B-1 is applied by the app (an Alien from the supply): see moves_station.
}

# --- when the active player uses a ship of a type (their own Sectors and Hub) ----------------
ON_SHIP: dict[str, dict[str, str]] = {
    "Dismantle": {
        "104": "+3 metal", "125": "1 food or 1 water", "212": "+2 metal",
        "304": "+3 metal", "312": "1 food and 1 water",
        "B-2": "1 more metal, 1 food and 1 water", "A-12": "1 more metal",
    },
    "Construction": ON_CONSTRUCTING,
    "Transport": {
        "107": "+2 GEMs", "116": "+1 point",
        "118": "may pay 2 GEMs for 1 metal, once (not one of the transactions)",
        "207": "buying 3 or more Aliens of one colour: 1 more of that colour free",
        "214": "+1 transaction", "303": "1 Human, free",
        "306": "1 free Diplomacy advance on a track of your choice (w)",
        "324": "1 food and 1 water", "325": "1 Alien of any colour, free (not a transaction)",
        "328": "1 metal",
        "B-3": "1 Alien of any colour, free (not a transaction)",
        "A-3": "afterwards: roll 3 Expedition dice, keep 2 (no Expedition bonuses or track)",
        "A-4": "+1 transaction", "A-12": "+1 transaction",
    },
    "Terran Expedition": {
        "105": "+2 GEMs", "124": "roll 1 more die", "204": "keep 1 more die",
        "301": "afterwards: 1 transport transaction", "314": "keep 1 more die",
        "315": "reroll any dice once, as Hub B-4 (twice with B-4 as well)",
        "321": "1 food and 1 water",
        "322": "may pay 4 GEMs for 1 Human, once (it uses no capacity)",
        "327": "roll 2 more dice",
        "B-4": "after rolling, reroll any of the dice once",
        "A-3": "afterwards: 1 transport transaction (no Transport bonuses or track)",
        "A-8": "roll 1 more die and keep 1 more", "A-10": "roll 1 more die and keep 1 more",
        "A-12": "keep 1 more die",
    },
    "Diplomacy": {
        "112": "1 resource of your choice",
        "117": "may pay 3 GEMs (and the lobbying cost) for a second Diplomacy action, once",
        "206": "1 transport transaction",
        "208": "afterwards: may pay 3 GEMs for an additional turn, once (ctrl+p: An "
               "additional turn)",
        "318": "1 Human",
        "B-12": "1 Human",
        # A-7's point is applied by the app: see moves_station.
    },
    "Farm": {},
    "Ice Collector": {},
}

# --- during Income (rulebook: Income; Reference Guide) ---------------------------------------
ON_INCOME: dict[str, str] = {
    "101": "1 food or 1 water",
    "128": "may swap 1 resource for another, once",
    "218": "1 transport transaction",
    "222": "may pay 6 GEMs for 1 Human, once",
    "225": "an Expedition: roll 2 dice, keep 1",
    "228": "may pay 4 GEMs for 2 resources of your choice, once",
    "307": "may pay any 2 resources for 1 Human",
    "308": "1 GEM per 2 Humans on the station (rounded down)",
    "B-4": "1 GEM per 2 Humans on the station",
    "B-5": "1 transport transaction",
    "B-7": "1 water per 4 brown Aliens on the station (rounded down)",
    "B-8": "1 food or 1 water",
    "B-9": "1 food per 4 teal Aliens on the station (rounded down)",
    "B-10": "1 GEM per 2 pink Aliens on the station (rounded down)",
    "A-1": "the Hub pays 10, whatever the ships left",
    "A-2": "3 more GEMs",
    "A-4": "the Hub pays 2 GEMs per ship left",
    "A-5": "the Hub pays 2 GEMs per ship left",
    "A-7": "may do one Diplomacy action, paying its lobbying cost (no A-7 point for it)",
    "A-11": "the income printed under each occupied Hub space",
    "A-8": "this turn could instead have been 1 food, 1 water and 1 metal for a Human, then "
           "Income with it counted",
    "B-6": "at any time, 1 point may become 4 GEMs, again and again (a -1)",
    # B-6's Income point is applied by the app (the entry above is its spending); A-11's move
    # and A-12's return come after Income.
}

# --- the Hub kept at setup (rulebook: Reference Guide, Station Hubs; Setup step 13) ---------
# Free Level-1 Sectors the app records itself: Hub -> colour.
FREE_SECTOR_AT_SETUP: dict[str, str] = {
    "B-6": "brown", "B-7": "brown", "B-8": "teal", "B-9": "teal", "B-10": "pink",
    "B-11": "pink",
}
# Aliens the app takes from the supply itself: A-11 takes one of each colour.
ALIENS_AT_SETUP: dict[str, int] = {"A-11": 4}
PROMPT_AT_SETUP: dict[str, str] = {
    "B-2": "draw 3 more Level-2 ships and keep 2 (first game: take the Level-2 Transport and "
           "Dismantle ships instead)",
    "B-6": "discard the Level-1 Diplomacy ship",
    "B-11": "put 3 pink Aliens on the Hub's quarters (if they come from the Home Planets "
            "board, record them with m)",
    "A-1": "draw 2 Level-2 ships, keep 1",
    "A-4": "discard the Level-1 Diplomacy ship",
    "A-5": "discard the Level-1 Diplomacy ship and one Level-2 ship; may advance 2 spaces on "
           "one Diplomacy track or 1 on each of two (w; no bonus at setup)",
    "A-6": "take 9 extra Sectors at random, one per colour and level: only this player may "
           "build from them",
    "A-7": "may advance 2 spaces on one Diplomacy track or 1 on each of two (w; no bonus at "
           "setup)",
    "A-8": "draw 2 Level-2 ships, keep 1",
    "A-9": "discard one Level-2 ship",
    "A-11": "put 1 Alien of each colour and 1 Human from the supply on the Hub's spaces",
    "A-12": "may advance 2 spaces on one Diplomacy track or 1 on each of two (w; no bonus at "
            "setup)",
}


# Once in each of the player's turns, whatever the action (a reminder with it).
EVERY_TURN: dict[str, str] = {
    "A-1": "once this turn, before or after the action, 1 metal may become 1 food or 1 water",
}


def bonuses(table: dict[str, str], owned: list[str]) -> list[str]:
    """"104 (if occupied): +3 metal" for each of ``owned`` (Sector numbers and the Hub) that
    ``table`` lists, Hubs first (always on), then Sectors (only while occupied)."""
    hubs = [f"Hub {k}: {table[k]}" for k in owned if k in table and "-" in k]
    sectors = [f"{k} (if occupied): {table[k]}" for k in sorted(owned) if k in table
               and "-" not in k]
    return hubs + sectors
