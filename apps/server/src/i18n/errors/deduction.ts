import { DEDUCTION_ROOM_ERRORS } from './deduction-rooms.ts';
import type { ErrorTexts } from './types.ts';

/** Error messages of the deduction area (docs/api-wire.md "Languages"): one key, Korean and English. */
export const DEDUCTION_ERRORS = {
  ...DEDUCTION_ROOM_ERRORS,
  // sessions and turns
  'deduction.sessionNotFound': { ko: '추리 게임 세션을 찾을 수 없습니다.', en: 'Deduction game session not found.' },
  'deduction.notInProgress': { ko: '진행 중인 게임이 아닙니다.', en: 'This game is not in progress.' },
  'deduction.gameOver': { ko: '이미 끝난 게임입니다. 결과를 제출하세요.', en: 'This game is over: submit its result.' },
  'deduction.staleTurn': {
    ko: '이미 지나간 차례입니다. 화면을 새로 고칩니다.',
    en: 'That turn has already been played: the board is refreshed.',
  },
  'deduction.movedMeanwhile': { ko: '다른 요청이 먼저 두었습니다.', en: 'Another request played this turn first.' },
  'deduction.aiTurn': {
    ko: '내장 AI의 차례에는 서버가 둡니다. 추측을 보내지 마세요.',
    en: 'It is a built-in AI’s turn: the server plays it, send no move.',
  },
  'deduction.botTurn': { ko: '봇의 차례에는 guess나 skip 하나를 보내세요.', en: 'It is a bot’s turn: send a guess or a skip.' },
  'deduction.humanTurn': {
    ko: '사람의 차례에는 guess나 timeout 하나를 보내세요.',
    en: 'It is a person’s turn: send a guess or a time-out.',
  },
  'deduction.revealOnlyHuman': { ko: '사람의 차례에만 공개를 살 수 있습니다.', en: 'Reveals can only be bought during a person’s turn.' },
  // illegal moves (the engine's codes)
  'deduction.move.notYourTurn': { ko: '지금은 이 자리의 차례가 아닙니다.', en: 'It is not this seat’s turn.' },
  'deduction.move.noRevealsLeft': { ko: '이 종류의 공개는 더 살 수 없습니다.', en: 'No reveal of this kind is left.' },
  'deduction.move.guessSize': { ko: '키워드를 정확히 {{answerCount}}개 골라 주세요.', en: 'Pick exactly {{answerCount}} keywords.' },
  'deduction.move.keywordNotInPool': { ko: '이 게임에 없는 키워드가 들어 있습니다.', en: 'A keyword is not in this game.' },
  'deduction.move.repeatedKeyword': { ko: '같은 키워드를 두 번 고를 수 없습니다.', en: 'The same keyword is picked twice.' },
  'deduction.move.notTimeoutGuess': { ko: '이 차례의 시간 초과 추측이 아닙니다.', en: 'This is not the time-out guess of this turn.' },
  'deduction.move.skipNotBot': { ko: '봇만 차례를 잃을 수 있습니다.', en: 'Only a bot can lose its turn.' },
  'deduction.move.unknownEvent': { ko: '알 수 없는 수입니다.', en: 'Unknown move.' },
  // a setup that is not a playable game (the engine's codes; the field's message)
  'deduction.badSetup': {
    ko: '게임 설정을 확인해 주세요 ({{path}}: {{message}})',
    en: 'Please check the game setup ({{path}}: {{message}})',
  },
  'deduction.setup.settingsMissing': { ko: '게임 설정이 없습니다.', en: 'The game settings are missing.' },
  'deduction.setup.unknownTheme': { ko: '알 수 없는 주제입니다.', en: 'Unknown theme.' },
  'deduction.setup.notBoolean': { ko: '켜기 또는 끄기로 정해 주세요.', en: 'Choose on or off.' },
  'deduction.setup.unknownPreset': { ko: '알 수 없는 난이도입니다.', en: 'Unknown difficulty.' },
  'deduction.setup.outOfRange': { ko: '{{min}}–{{max}} 사이의 정수여야 합니다.', en: 'Must be a whole number from {{min}} to {{max}}.' },
  'deduction.setup.presetValue': {
    ko: '이 난이도에서는 바꿀 수 없는 값입니다 (정해진 값: {{value}}).',
    en: 'This difficulty fixes this value (at {{value}}).',
  },
  'deduction.setup.presetNeedsRoundCap': {
    ko: '기본 난이도에는 라운드 제한이 있어야 합니다.',
    en: 'A preset difficulty has a round limit.',
  },
  'deduction.setup.seatCount': { ko: '참가자는 {{min}}–{{max}}명이어야 합니다.', en: 'A game has {{min}}–{{max}} players.' },
  'deduction.setup.seatMalformed': { ko: '참가자 정보가 올바르지 않습니다.', en: 'This seat is not valid.' },
  'deduction.setup.seatName': { ko: '이름은 {{min}}–{{max}}자로 입력해 주세요.', en: 'A name has {{min}}–{{max}} characters.' },
  'deduction.setup.seatBotMissing': { ko: '봇 자리에는 봇을 골라 주세요.', en: 'A bot seat needs its bot.' },
  'deduction.setup.unknownAiLevel': { ko: '알 수 없는 AI 난이도입니다.', en: 'Unknown AI level.' },
  'deduction.setup.unknownSeatKind': { ko: '참가자는 사람, AI, 봇 중 하나여야 합니다.', en: 'A seat is a person, an AI or a bot.' },
  'deduction.setup.tooManyAnswers': {
    ko: '정답은 키워드의 절반까지만 둘 수 있습니다.',
    en: 'At most half of the keywords can be answers.',
  },
  'deduction.setup.poolTooSmall': {
    ko: '키워드가 모자라 참가자마다 힌트를 줄 수 없습니다. 키워드를 늘리거나 힌트를 줄여 주세요.',
    en: 'Too few keywords to give every player their own hints: add keywords or lower the hints.',
  },
  'deduction.setup.firstSeatHuman': { ko: '첫 자리는 로그인한 플레이어여야 합니다.', en: 'The first seat is the signed-in player.' },
  // custom bots
  'deduction.botNotFound': { ko: '봇을 찾을 수 없습니다.', en: 'Bot not found.' },
  'deduction.sharedBotNotFound': { ko: '공유된 봇을 찾을 수 없습니다.', en: 'No bot is shared at this link.' },
  'deduction.notYourBot': { ko: '다른 사용자의 봇입니다.', en: 'This bot belongs to someone else.' },
  'deduction.botLimit': { ko: '봇은 {{limit}}개까지 만들 수 있습니다.', en: 'You can keep up to {{limit}} bots.' },
  'deduction.ladderBusy': {
    ko: '이미 순위전을 기다리거나 치르는 중입니다.',
    en: 'This bot is already waiting for or playing its ladder run.',
  },
} as const satisfies ErrorTexts;
